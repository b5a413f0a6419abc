import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { parseDevWalletConfig } from './config.ts';
import { createWalletApp } from './store.ts';
import { App } from './ui/App.tsx';
import './style.css';

/** Entry: reads `window.AIRLOCK_DEV_WALLET_CONFIG` (set by dev-wallet-config.js) and mounts the page. */
const root = createRoot(document.getElementById('root')!);
try {
  const app = createWalletApp(parseDevWalletConfig(window.AIRLOCK_DEV_WALLET_CONFIG));
  root.render(
    <StrictMode>
      <App app={app} />
    </StrictMode>,
  );
} catch (error) {
  root.render(
    <main className="layout">
      <h1>Dev Wallet</h1>
      <p role="alert" className="card error">
        {error instanceof Error ? error.message : String(error)}
      </p>
    </main>,
  );
}

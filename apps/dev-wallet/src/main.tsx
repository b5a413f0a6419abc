import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { parseDevWalletConfig } from './config.ts';
import { createWalletApp } from './store.ts';
import { App } from './ui/App.tsx';
import './style.css';

/** Entry: reads `window.AIRLOCK_DEV_WALLET_CONFIG` (set by dev-wallet-config.js) and mounts the page. */
const root = createRoot(document.getElementById('root')!);
try {
  // `?auth=0`: behave like a wallet without one-click sign-in (it answers the fallback proposal).
  const oneClick = new URLSearchParams(location.search).get('auth') !== '0';
  const app = createWalletApp(parseDevWalletConfig(window.AIRLOCK_DEV_WALLET_CONFIG), undefined, oneClick);
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

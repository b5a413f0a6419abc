import { createWidget } from '@airlock/host-sdk';
import { AirlockProvider } from '@airlock/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { WagmiProvider } from 'wagmi';
import { byId } from '../dom.ts';
import { readDemoConfig, showConfigError } from '../config.ts';
import { installDevWallet } from '../devWallet/index.ts';
import { App } from './App.tsx';
import { createWagmiConfig } from './wagmiConfig.ts';

/** react.html: the Dev Wallet as on the plain page, then one widget shared by `<AirlockProvider>` and wagmi. */
function start(): void {
  const root = byId('app');
  try {
    const demo = readDemoConfig();
    if (demo.devWallet) {
      installDevWallet({
        networks: demo.networks,
        autoApprove: new URLSearchParams(location.search).get('autoApprove') === '1',
      });
    }
    const widget = createWidget({
      projectId: demo.projectId,
      networks: demo.networks,
      frameUrl: demo.frameUrl,
      metadata: {
        name: 'Airlock Demo Dapp (React)',
        description: 'React + wagmi with @airlock/react and @airlock/wagmi',
        url: location.origin,
      },
    });
    const wagmi = createWagmiConfig(demo, widget);
    const queryClient = new QueryClient();
    createRoot(root).render(
      <StrictMode>
        <AirlockProvider widget={widget}>
          <WagmiProvider config={wagmi}>
            <QueryClientProvider client={queryClient}>
              <App networks={demo.networks} />
            </QueryClientProvider>
          </WagmiProvider>
        </AirlockProvider>
      </StrictMode>,
    );
  } catch (error) {
    showConfigError(root, error);
  }
}

start();

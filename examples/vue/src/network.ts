import type { Network } from '@airlock/host-sdk';

/** The widget's page (the frame origin), e.g. `https://widget.example.com/`. */
export const FRAME_URL = import.meta.env.VITE_AIRLOCK_FRAME_URL ?? 'http://127.0.0.1:5174/';
/** Your project id on the provider API (`npm start` seeds `airlock-dev`). */
export const PROJECT_ID = import.meta.env.VITE_AIRLOCK_PROJECT_ID ?? 'airlock-dev';

/** The one network of this example: a local anvil chain (id 31337) unless `VITE_AIRLOCK_RPC_URL` says otherwise. */
export const network: Network = {
  id: 31337,
  name: 'Anvil',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [import.meta.env.VITE_AIRLOCK_RPC_URL ?? 'http://127.0.0.1:8545'] } },
  testnet: true,
};

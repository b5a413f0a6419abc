import type { Network } from '@airlock/host-sdk';

/** The widget's page (the frame origin), e.g. `https://widget.example.com/`. */
export const FRAME_URL = import.meta.env.VITE_AIRLOCK_FRAME_URL ?? 'http://127.0.0.1:5174/';
/** Your project id on the provider API (`npm start` seeds `airlock-dev`). */
export const PROJECT_ID = import.meta.env.VITE_AIRLOCK_PROJECT_ID ?? 'airlock-dev';
/** The chain's JSON-RPC: the `npm start` stack's local Substrate stand-in. */
export const SUBSTRATE_URL = import.meta.env.VITE_AIRLOCK_SUBSTRATE_URL ?? 'http://127.0.0.1:3004';

/** The one network of this example (`polkadotLocalNetwork` of `@airlock/protocol/polkadot`, written out). */
export const network: Network = {
  id: 'a11c0c4a11c0c4a11c0c4a11c0c4a11c',
  name: 'Polkadot Local',
  chainNamespace: 'polkadot',
  caipNetworkId: 'polkadot:a11c0c4a11c0c4a11c0c4a11c0c4a11c',
  nativeCurrency: { name: 'UNIT', symbol: 'UNIT', decimals: 12 },
  rpcUrls: { default: { http: [SUBSTRATE_URL] } },
  testnet: true,
};

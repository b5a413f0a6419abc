import type { Network } from '@airlock/host-sdk';

/** The widget's page (the frame origin), e.g. `https://widget.example.com/`. */
export const FRAME_URL = import.meta.env.VITE_AIRLOCK_FRAME_URL ?? 'http://127.0.0.1:5174/';
/** Your project id on the provider API (`npm start` seeds `airlock-dev`). */
export const PROJECT_ID = import.meta.env.VITE_AIRLOCK_PROJECT_ID ?? 'airlock-dev';
/** The chain's endpoint: the `npm start` stack's local Cosmos stand-in (its LCD and CometBFT JSON-RPC on one port). */
export const COSMOS_URL = import.meta.env.VITE_AIRLOCK_COSMOS_URL ?? 'http://127.0.0.1:3003';

/** The chain id of the one network of this example: the stack's local Cosmos network. */
export const CHAIN_ID = 'airlock-local-1';

/** The one network of this example (`cosmosLocalNetwork` of `@airlock/protocol/cosmos`, written out). */
export const network: Network = {
  id: CHAIN_ID,
  name: 'Cosmos Local',
  chainNamespace: 'cosmos',
  caipNetworkId: `cosmos:${CHAIN_ID}`,
  nativeCurrency: { name: 'STAKE', symbol: 'STAKE', decimals: 6 },
  rpcUrls: { default: { http: [COSMOS_URL] } },
  testnet: true,
};

import type { Network } from '@airlock/host-sdk';

/** The widget's page (the frame origin), e.g. `https://widget.example.com/`. */
export const FRAME_URL = import.meta.env.VITE_AIRLOCK_FRAME_URL ?? 'http://127.0.0.1:5174/';
/** Your project id on the provider API (`npm start` seeds `airlock-dev`). */
export const PROJECT_ID = import.meta.env.VITE_AIRLOCK_PROJECT_ID ?? 'airlock-dev';

/** The first 32 hex characters of the regtest genesis block hash: a bip122 network's CAIP-2 reference. */
const REGTEST = '0f9188f13cb7b2c71f2a335e3a4fc328';

/**
 * The one network of this example: Bitcoin regtest (`bip122:0f9188f1…`), whose `rpcUrls` is an
 * Esplora-compatible API: the `npm start` stack's stand-in unless `VITE_AIRLOCK_ESPLORA_URL` says
 * otherwise. For Bitcoin itself use `bip122:000000000019d6689c085ae165831e93` and
 * `https://mempool.space/api`.
 */
export const network: Network = {
  id: REGTEST,
  name: 'Bitcoin Regtest',
  chainNamespace: 'bip122',
  caipNetworkId: `bip122:${REGTEST}`,
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: [import.meta.env.VITE_AIRLOCK_ESPLORA_URL ?? 'http://127.0.0.1:3002'] } },
  testnet: true,
};

/** Stack mode: `dev` for `npm start`, `e2e` for Playwright and the bench (docs/integration.md). */
export type StackMode = 'dev' | 'e2e';

/** Ports of one mode after `AIRLOCK_*_PORT` overrides. */
export type StackPorts = {
  anvilA: number;
  anvilB: number;
  frame: number;
  dapp: number;
  foreign: number;
  relay: number;
  devWallet: number;
  api: number;
  dappAlt: number;
  secureFrame: number;
  mailSmtp: number;
  mailWeb: number;
  solanaRpc: number;
  onramp: number;
  oidc: number;
  farcaster: number;
  /** The ERC-4337 bundler (Alto) of anvil chain A. */
  bundlerA: number;
  /** The ERC-4337 bundler (Alto) of anvil chain B. */
  bundlerB: number;
  bitcoinEsplora: number;
  cosmosLcd: number;
  substrateRpc: number;
};

/** Origins and URLs of one mode (docs/integration.md "Processes and origins"). */
export type StackUrls = {
  /** Demo dapp origin, e.g. `http://localhost:15173`. */
  dapp: string;
  /** The demo dapp on a second origin of the same site (another localhost port, e2e mode only), e.g. `http://localhost:15177`. */
  dappAlt: string;
  /** Frame (widget) origin, e.g. `http://127.0.0.1:15174`. */
  frame: string;
  /** URL the host loads in the iframe: frame origin + `/`. */
  frameUrl: string;
  /** Origin the frame does not allow, e.g. `http://127.0.0.2:15175`. */
  foreign: string;
  /** `foreign + '/foreign.html'`. */
  foreignPage: string;
  /** JSON-RPC URL of anvil chain A (31337). */
  rpcA: string;
  /** JSON-RPC URL of anvil chain B (31338). */
  rpcB: string;
  /** WalletConnect relay WebSocket URL, e.g. `ws://127.0.0.1:18555`. */
  relayUrl: string;
  /** Provider API base URL (apps/api), e.g. `http://127.0.0.1:18787`. */
  api: string;
  /** WalletConnect Dev Wallet origin, e.g. `http://127.0.0.1:15176`. */
  devWallet: string;
  /** Secure frame origin (a third site), e.g. `http://127.0.0.3:15178`. */
  secureFrame: string;
  /** SMTP URL of the local mail catcher, e.g. `smtp://127.0.0.1:12525`. */
  mailSmtp: string;
  /** Mail catcher inbox page and JSON inbox, e.g. `http://127.0.0.1:15179`. */
  mailWeb: string;
  /** Local Solana JSON-RPC (HTTP), e.g. `http://127.0.0.1:18899`. */
  solanaRpc: string;
  /** Local Solana RPC WebSocket (next port), e.g. `ws://127.0.0.1:18900`. */
  solanaWs: string;
  /** Sandbox onramp provider, e.g. `http://127.0.0.1:15180`. */
  onramp: string;
  /** Local OpenID provider, e.g. `http://127.0.0.1:15181`. */
  oidc: string;
  /** Local Farcaster relay stand-in and its dev app page, e.g. `http://127.0.0.1:15182`. */
  farcaster: string;
  /** The ERC-4337 bundler (Alto) of anvil chain A, e.g. `http://127.0.0.1:14337`. */
  bundlerA: string;
  /** The ERC-4337 bundler (Alto) of anvil chain B, e.g. `http://127.0.0.1:14338`. */
  bundlerB: string;
  /** Bitcoin regtest stand-in's Esplora API (apps/bitcoin-esplora), e.g. `http://127.0.0.1:13002`. */
  bitcoinEsplora: string;
  /** Cosmos stand-in (apps/cosmos-lcd): LCD routes and CometBFT JSON-RPC, e.g. `http://127.0.0.1:13003`. */
  cosmosLcd: string;
  /** Substrate JSON-RPC stand-in (apps/substrate-rpc), e.g. `http://127.0.0.1:13004`. */
  substrateRpc: string;
};

/** The CAIP-2 id of every regtest chain (the Bitcoin stand-in's). */
export declare const BITCOIN_REGTEST_CAIP_NETWORK_ID: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328';
/** The CAIP-2 id of the local Cosmos network (apps/cosmos-lcd). */
export declare const COSMOS_LOCAL_CAIP_NETWORK_ID: 'cosmos:airlock-local-1';
/** The CAIP-2 id of the local Polkadot network (apps/substrate-rpc). */
export declare const POLKADOT_LOCAL_CAIP_NETWORK_ID: 'polkadot:a11c0c4a11c0c4a11c0c4a11c0c4a11c';
/** Chain ids: A = 31337 (0x7a69), B = 31338 (0x7a6a). */
export declare const CHAIN_IDS: { anvilA: 31337; anvilB: 31338 };
/** Default anvil mnemonic account 0, checksummed. */
export declare const DEV_ACCOUNT_0: string;
/** Ports of a mode. Throws when an override is not a port number. */
export declare function stackPorts(mode: StackMode, env?: Record<string, string | undefined>): StackPorts;
/** URLs of a mode. */
export declare function stackUrls(mode: StackMode, env?: Record<string, string | undefined>): StackUrls;
/** The local Solana chain's DEV SPL mint (6 decimals). */
export declare const SOLANA_DEV_MINT: string;
/** Dev account 0 of the local Solana chain (1000 SOL, 1,000,000 DEV), the Dev Solana Wallet's key. */
export declare const SOLANA_DEV_ACCOUNT_0: string;
/** The local Solana chain's dev seed (`airlock-dev-solana`). */
export declare const SOLANA_DEV_SEED: string;
/** The local Solana network (spec §3 shape): `solana:<genesis hash prefix>`, name `Solana Local`, SOL (9 decimals). */
export declare function solanaLocalNetwork(
  rpcUrl: string,
  seed?: string,
): {
  id: string;
  name: string;
  chainNamespace: 'solana';
  caipNetworkId: `solana:${string}`;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: { default: { http: string[] } };
  testnet: boolean;
};
/** `window.AIRLOCK_DEMO_CONFIG` of a mode: frameUrl, projectId 'airlock-dev', the two anvil networks and Solana Local (spec §3), devWallet true. */
export declare function demoConfig(
  mode: StackMode,
  env?: Record<string, string | undefined>,
): {
  frameUrl: string;
  projectId: string;
  networks: Array<Record<string, unknown>>;
  devWallet: boolean;
  /** The Bitcoin regtest stand-in's Esplora API, for the Dev Bitcoin Wallet. */
  bitcoinEsploraUrl: string;
  /** The Cosmos stand-in (LCD and CometBFT RPC), for the Dev Keplr Wallet. */
  cosmosLcdUrl: string;
  /** The Substrate JSON-RPC stand-in, for the Dev Polkadot extension. */
  substrateRpcUrl: string;
};
/** `/deployment.json` on the frame origin of a mode: the API and relay of the mode, the secure frame origin, the dev origin bound, Verify off, the local Cosmos LCD URL. */
export declare function deploymentConfig(
  mode: StackMode,
  env?: Record<string, string | undefined>,
): {
  apiUrl: string;
  relayUrl: string;
  secureFrameOrigin: string;
  allowedOrigins: string[];
  walletConnectVerify: boolean;
  cosmosLocalLcdUrl: string;
};
/** `/deployment.json` on the secure frame origin of a mode: the widget frame origin it accepts as parent, the API, and its own JSON-RPC URL per CAIP-2 network. */
export declare function secureFrameDeployment(
  mode: StackMode,
  env?: Record<string, string | undefined>,
): {
  widgetOrigin: string;
  apiUrl: string;
  rpcUrls: Record<string, string>;
  nativeCurrencies: Record<string, { symbol: string; decimals: number }>;
  /** The networks with smart accounts (CAIP-2 id → `safe` | `eip7702`; dev only). */
  smartAccounts: Record<string, 'safe' | 'eip7702'>;
};
/** `window.AIRLOCK_DEV_WALLET_CONFIG` of a mode: relayUrl, projectId, the two anvil networks `{ caipNetworkId, name, rpcUrl }`. */
export declare function devWalletConfig(
  mode: StackMode,
  env?: Record<string, string | undefined>,
): {
  relayUrl: string;
  projectId: string;
  networks: Array<{ caipNetworkId: string; name: string; rpcUrl: string }>;
  solana: { caipNetworkId: string; name: string; rpcUrl: string };
};

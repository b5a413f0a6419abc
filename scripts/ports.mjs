// Ports, origins and the demo configuration of the local stack (docs/integration.md
// "Processes and origins"). Pure functions: no processes, no network. Used by
// scripts/stack.mjs, the Playwright specs (e2e/) and scripts/bench.mjs.

import { createHash } from 'node:crypto';

/** Default ports per mode (docs/integration.md). */
const DEFAULT_PORTS = {
  dev: {
    anvilA: 8545,
    anvilB: 8546,
    frame: 5174,
    dapp: 5173,
    foreign: 5175,
    relay: 8555,
    devWallet: 5176,
    api: 8787,
    dappAlt: 5177,
    secureFrame: 5178,
    mailSmtp: 2525,
    mailWeb: 5179,
    solanaRpc: 8899,
    onramp: 5180,
    oidc: 5181,
    farcaster: 5182,
    bundlerA: 4337,
    bundlerB: 4338,
    bitcoinEsplora: 3002,
    cosmosLcd: 3003,
    substrateRpc: 3004,
  },
  e2e: {
    anvilA: 18545,
    anvilB: 18546,
    frame: 15174,
    dapp: 15173,
    foreign: 15175,
    relay: 18555,
    devWallet: 15176,
    api: 18787,
    dappAlt: 15177,
    secureFrame: 15178,
    mailSmtp: 12525,
    mailWeb: 15179,
    solanaRpc: 18899,
    onramp: 15180,
    oidc: 15181,
    farcaster: 15182,
    bundlerA: 14337,
    bundlerB: 14338,
    bitcoinEsplora: 13002,
    cosmosLcd: 13003,
    substrateRpc: 13004,
  },
};

/** Environment variable that overrides each port (docs/integration.md). */
const PORT_ENV = {
  anvilA: 'AIRLOCK_ANVIL_A_PORT',
  anvilB: 'AIRLOCK_ANVIL_B_PORT',
  frame: 'AIRLOCK_FRAME_PORT',
  dapp: 'AIRLOCK_DAPP_PORT',
  foreign: 'AIRLOCK_FOREIGN_PORT',
  relay: 'AIRLOCK_RELAY_PORT',
  devWallet: 'AIRLOCK_DEV_WALLET_PORT',
  api: 'AIRLOCK_API_PORT',
  dappAlt: 'AIRLOCK_DAPP_ALT_PORT',
  secureFrame: 'AIRLOCK_SECURE_FRAME_PORT',
  mailSmtp: 'AIRLOCK_MAIL_SMTP_PORT',
  mailWeb: 'AIRLOCK_MAIL_WEB_PORT',
  solanaRpc: 'AIRLOCK_SOLANA_RPC_PORT',
  onramp: 'AIRLOCK_ONRAMP_PORT',
  oidc: 'AIRLOCK_OIDC_PORT',
  farcaster: 'AIRLOCK_FARCASTER_PORT',
  bundlerA: 'AIRLOCK_BUNDLER_A_PORT',
  bundlerB: 'AIRLOCK_BUNDLER_B_PORT',
  bitcoinEsplora: 'AIRLOCK_BITCOIN_ESPLORA_PORT',
  cosmosLcd: 'AIRLOCK_COSMOS_LCD_PORT',
  substrateRpc: 'AIRLOCK_SUBSTRATE_RPC_PORT',
};

/** Chain ids of the two anvil chains: A = 31337 (0x7a69), B = 31338 (0x7a6a). */
export const CHAIN_IDS = { anvilA: 31337, anvilB: 31338 };

/** The default anvil mnemonic's account 0 (10000 ETH on both chains). */
export const DEV_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/**
 * Ports of a mode, after environment overrides.
 * @param {'dev' | 'e2e'} mode
 * @param {Record<string, string | undefined>} [env] defaults to process.env
 * @returns {{ anvilA: number, anvilB: number, frame: number, dapp: number, foreign: number, relay: number, devWallet: number, api: number, dappAlt: number, secureFrame: number, mailSmtp: number, mailWeb: number, solanaRpc: number, onramp: number, oidc: number, farcaster: number, bundlerA: number, bundlerB: number, bitcoinEsplora: number, cosmosLcd: number, substrateRpc: number }}
 * @throws {Error} when an override is not a port number (1–65535), or `AIRLOCK_PORT_OFFSET`
 *   (added to every default port) is not an integer from 0 to 20000
 */
export function stackPorts(mode, env = process.env) {
  const defaults = DEFAULT_PORTS[mode];
  if (!defaults) throw new Error(`Unknown stack mode "${mode}" (expected "dev" or "e2e")`);
  // AIRLOCK_PORT_OFFSET moves every default port at once (a second stack beside the first,
  // e.g. one per end-to-end shard); an explicit per-port variable still wins.
  const rawOffset = env.AIRLOCK_PORT_OFFSET;
  const offset = rawOffset === undefined || rawOffset === '' ? 0 : Number(rawOffset);
  if (!Number.isInteger(offset) || offset < 0 || offset > 20000) {
    throw new Error(`AIRLOCK_PORT_OFFSET=${rawOffset} is not an integer from 0 to 20000`);
  }
  /** @type {Record<string, number>} */
  const ports = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    const raw = env[PORT_ENV[/** @type {keyof typeof PORT_ENV} */ (key)]];
    const port = raw === undefined || raw === '' ? fallback + offset : Number(raw);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new Error(`${PORT_ENV[/** @type {keyof typeof PORT_ENV} */ (key)]}=${raw} is not a port number`);
    }
    ports[key] = port;
  }
  return /** @type {any} */ (ports);
}

/**
 * Origins and URLs of a mode (no trailing slash except `frameUrl`).
 * @param {'dev' | 'e2e'} mode
 * @param {Record<string, string | undefined>} [env]
 */
export function stackUrls(mode, env = process.env) {
  const p = stackPorts(mode, env);
  return {
    /** Demo dapp origin (page origin), e.g. http://localhost:15173 */
    dapp: `http://localhost:${p.dapp}`,
    /**
     * The demo dapp on a second origin of the same site (another port of localhost), e.g.
     * http://localhost:15177; served in e2e mode only, to show that sessions are scoped by origin.
     */
    dappAlt: `http://localhost:${p.dappAlt}`,
    /** Frame (widget) origin, e.g. http://127.0.0.1:15174 */
    frame: `http://127.0.0.1:${p.frame}`,
    /** The URL the host SDK loads in the iframe (frame origin + '/'). */
    frameUrl: `http://127.0.0.1:${p.frame}/`,
    /** Origin serving the demo on a host the frame does not allow, e.g. http://127.0.0.2:15175 */
    foreign: `http://127.0.0.2:${p.foreign}`,
    /** The foreign page, which tries to mount the widget and must be refused. */
    foreignPage: `http://127.0.0.2:${p.foreign}/foreign.html`,
    /** JSON-RPC of anvil chain A (31337). */
    rpcA: `http://127.0.0.1:${p.anvilA}`,
    /** JSON-RPC of anvil chain B (31338). */
    rpcB: `http://127.0.0.1:${p.anvilB}`,
    /** WalletConnect relay (apps/relay), e.g. ws://127.0.0.1:18555 */
    relayUrl: `ws://127.0.0.1:${p.relay}`,
    /** Provider API (apps/api), e.g. http://127.0.0.1:18787 */
    api: `http://127.0.0.1:${p.api}`,
    /** The WalletConnect Dev Wallet (apps/dev-wallet) origin, e.g. http://127.0.0.1:15176 */
    devWallet: `http://127.0.0.1:${p.devWallet}`,
    /** The embedded wallet's secure frame (apps/secure-frame), a third site (a domain name: a passkey needs one), e.g. http://wallet.localhost:15178 */
    secureFrame: `http://wallet.localhost:${p.secureFrame}`,
    /** SMTP of the local mail catcher (apps/mail-catcher), e.g. smtp://127.0.0.1:12525 */
    mailSmtp: `smtp://127.0.0.1:${p.mailSmtp}`,
    /** The mail catcher's inbox page and JSON inbox, e.g. http://127.0.0.1:15179 */
    mailWeb: `http://127.0.0.1:${p.mailWeb}`,
    /** Local Solana JSON-RPC over litesvm (apps/solana-rpc); its WebSocket is on the next port. */
    solanaRpc: `http://127.0.0.1:${p.solanaRpc}`,
    /** Solana RPC WebSocket (signature subscriptions), e.g. ws://127.0.0.1:18900 */
    solanaWs: `ws://127.0.0.1:${p.solanaRpc + 1}`,
    /** Sandbox card onramp provider (apps/onramp-sandbox), e.g. http://127.0.0.1:15180 */
    onramp: `http://127.0.0.1:${p.onramp}`,
    /** Local OpenID provider standing in for the social providers, e.g. http://127.0.0.1:15181 */
    oidc: `http://127.0.0.1:${p.oidc}`,
    /** Local stand-in for the Farcaster Connect relay and its dev Farcaster app page (apps/farcaster-relay). */
    farcaster: `http://127.0.0.1:${p.farcaster}`,
    /** The ERC-4337 bundler (Alto) of anvil chain A; the frames reach it only through the API's `/v1/bundler`. */
    bundlerA: `http://127.0.0.1:${p.bundlerA}`,
    /** The ERC-4337 bundler (Alto) of anvil chain B. */
    bundlerB: `http://127.0.0.1:${p.bundlerB}`,
    /** Bitcoin regtest stand-in with an Esplora API (apps/bitcoin-esplora), e.g. http://127.0.0.1:13002 */
    bitcoinEsplora: `http://127.0.0.1:${p.bitcoinEsplora}`,
    /** Cosmos stand-in (apps/cosmos-lcd): LCD routes and CometBFT JSON-RPC on one port, e.g. http://127.0.0.1:13003 */
    cosmosLcd: `http://127.0.0.1:${p.cosmosLcd}`,
    /** Substrate JSON-RPC stand-in (apps/substrate-rpc), e.g. http://127.0.0.1:13004 */
    substrateRpc: `http://127.0.0.1:${p.substrateRpc}`,
  };
}

/**
 * One anvil network in the spec §3 Network shape (id, name, chainNamespace,
 * caipNetworkId, nativeCurrency {name, symbol, decimals: 18}, rpcUrls, testnet).
 * @param {number} id chain id
 * @param {string} name display name
 * @param {string} rpcUrl http JSON-RPC URL
 */
function anvilNetwork(id, name, rpcUrl) {
  return {
    id,
    name,
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  };
}

/** The CAIP-2 id of every regtest chain, the Bitcoin stand-in's (`BIP122_REGTEST_CAIP_NETWORK_ID` of `@airlock/protocol/bip122`). */
export const BITCOIN_REGTEST_CAIP_NETWORK_ID = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328';

/** The CAIP-2 id of the local Cosmos network (apps/cosmos-lcd; `COSMOS_LOCAL_CAIP_NETWORK_ID` of @airlock/protocol/cosmos). */
export const COSMOS_LOCAL_CAIP_NETWORK_ID = 'cosmos:airlock-local-1';

/** The CAIP-2 id of the local Polkadot network (apps/substrate-rpc; `POLKADOT_LOCAL_CAIP_NETWORK_ID` of @airlock/protocol/polkadot). */
export const POLKADOT_LOCAL_CAIP_NETWORK_ID = 'polkadot:a11c0c4a11c0c4a11c0c4a11c0c4a11c';

/** The local Solana chain's seed (apps/solana-rpc `SOLANA_RPC_SEED` default); its genesis hash derives from it. */
export const SOLANA_DEV_SEED = 'airlock-dev-solana';

/** The local Solana chain's DEV SPL mint (6 decimals) under {@link SOLANA_DEV_SEED} (apps/solana-rpc/README.md). */
export const SOLANA_DEV_MINT = '4G9WkTGeqxjirxsQiFRFj8AP8FyCdi1KSfw8exkffChj';

/** Dev account 0 of the local Solana chain (1000 SOL, 1,000,000 DEV): the Dev Solana Wallet's key. */
export const SOLANA_DEV_ACCOUNT_0 = '32MvKPkohthEtFX36NPE9B45aryLsFVumKyjvFwQmuRX';

/**
 * Base58 (Bitcoin alphabet) of `bytes`.
 * @param {Uint8Array} bytes
 */
function base58(bytes) {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let out = '';
  while (n > 0n) (out = alphabet[Number(n % 58n)] + out), (n /= 58n);
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/**
 * The local Solana network (apps/solana-rpc) in the spec §3 Network shape: CAIP-2
 * `solana:<first 32 characters of the genesis hash>` (the genesis hash is
 * base58(sha256("<seed>/genesis")), what `getGenesisHash` answers), name `Solana Local`,
 * SOL with 9 decimals, rpcUrls the local RPC (its WebSocket is on the next port).
 * @param {string} rpcUrl
 * @param {string} [seed]
 */
export function solanaLocalNetwork(rpcUrl, seed = SOLANA_DEV_SEED) {
  const genesisHash = base58(createHash('sha256').update(`${seed}/genesis`).digest());
  const id = genesisHash.slice(0, 32);
  return {
    id,
    name: 'Solana Local',
    chainNamespace: 'solana',
    caipNetworkId: `solana:${id}`,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  };
}

/**
 * The demo dapp's configuration, served as `/demo-config.js`
 * (`window.AIRLOCK_DEMO_CONFIG = …`, docs/integration.md). It holds only what a
 * dapp chooses (frame URL, project, networks); the services the frame trusts
 * come from the frame's own deployment ({@link deploymentConfig}).
 * @param {'dev' | 'e2e'} mode
 * @param {Record<string, string | undefined>} [env]
 */
export function demoConfig(mode, env = process.env) {
  const urls = stackUrls(mode, env);
  return {
    frameUrl: urls.frameUrl,
    // The dev seed's project (apps/api/seed/dev.json), served by the stack's provider API.
    projectId: 'airlock-dev',
    networks: [
      anvilNetwork(CHAIN_IDS.anvilA, 'Anvil A', urls.rpcA),
      anvilNetwork(CHAIN_IDS.anvilB, 'Anvil B', urls.rpcB),
      solanaLocalNetwork(urls.solanaRpc),
    ],
    devWallet: true,
    // The Bitcoin regtest stand-in, for the Dev Bitcoin Wallet (not a network of the widget yet).
    bitcoinEsploraUrl: urls.bitcoinEsplora,
    // The Cosmos and Substrate stand-ins, for the Dev Keplr Wallet and the Dev Polkadot extension.
    cosmosLcdUrl: urls.cosmosLcd,
    substrateRpcUrl: urls.substrateRpc,
  };
}

/**
 * The frame deployment of a mode, served as `/deployment.json` on the frame
 * origin (docs/integration.md "Frame deployment"): the provider API and the
 * WalletConnect relay of this mode, the embedded wallet's secure frame origin
 * (docs/embedded-wallet.md), the dev bound on dapp
 * origins (`http://localhost:*`, `http://127.0.0.1:*`) and WalletConnect Verify
 * off (its iframe cannot load against a local relay), and the local Cosmos network's LCD URL
 * (the offset one) for the chain info the frame suggests.
 * @param {'dev' | 'e2e'} mode
 * @param {Record<string, string | undefined>} [env]
 */
export function deploymentConfig(mode, env = process.env) {
  const urls = stackUrls(mode, env);
  return {
    apiUrl: urls.api,
    relayUrl: urls.relayUrl,
    secureFrameOrigin: urls.secureFrame,
    allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'],
    walletConnectVerify: false,
    // The local Cosmos network's LCD, named in the chain info the frame suggests to a Keplr-shaped wallet.
    cosmosLocalLcdUrl: urls.cosmosLcd,
  };
}

/**
 * The WalletConnect Dev Wallet's configuration, served as `/dev-wallet-config.js`
 * (`window.AIRLOCK_DEV_WALLET_CONFIG = …`, apps/dev-wallet/README.md): relayUrl,
 * projectId, the two anvil networks `{ caipNetworkId, name, rpcUrl }`, `solana` (Solana Local) and
 * `bitcoin` (the regtest stand-in: `{ caipNetworkId, name, esploraUrl }`).
 * @param {'dev' | 'e2e'} mode
 * @param {Record<string, string | undefined>} [env]
 */
export function devWalletConfig(mode, env = process.env) {
  const urls = stackUrls(mode, env);
  return {
    relayUrl: urls.relayUrl,
    projectId: 'airlock-dev-wallet',
    networks: [
      { caipNetworkId: `eip155:${CHAIN_IDS.anvilA}`, name: 'Anvil A', rpcUrl: urls.rpcA },
      { caipNetworkId: `eip155:${CHAIN_IDS.anvilB}`, name: 'Anvil B', rpcUrl: urls.rpcB },
    ],
    // A solana account (local dev account 1) on Solana Local.
    solana: {
      caipNetworkId: solanaLocalNetwork(urls.solanaRpc).caipNetworkId,
      name: 'Solana Local',
      rpcUrl: urls.solanaRpc,
    },
    // A bip122 account (regtest dev account 1) on the Bitcoin regtest stand-in.
    bitcoin: {
      caipNetworkId: BITCOIN_REGTEST_CAIP_NETWORK_ID,
      name: 'Bitcoin Regtest',
      esploraUrl: urls.bitcoinEsplora,
    },
    // A cosmos account (dev mnemonic account 1) and a polkadot one (//Bob) on the local stand-ins' networks.
    cosmos: { caipNetworkId: COSMOS_LOCAL_CAIP_NETWORK_ID, name: 'Cosmos Local' },
    polkadot: { caipNetworkId: POLKADOT_LOCAL_CAIP_NETWORK_ID, name: 'Polkadot Local' },
  };
}

/**
 * The secure frame deployment of a mode, served as `/deployment.json` on the secure
 * frame origin (docs/embedded-wallet.md "Deployment"): the widget frame origin it
 * accepts as its parent, the provider API, and its own JSON-RPC URL per network
 * (`rpcUrls`: the two anvils and Solana Local), which fees and what approvals show are read from,
 * the native currency of the two anvils (`nativeCurrencies`: ETH, 18 decimals), which a
 * transaction's amounts are shown in, the names approvals show (`networkNames`), and the networks with smart
 * accounts (`smartAccounts`, dev only).
 * @param {'dev' | 'e2e'} mode
 * @param {Record<string, string | undefined>} [env]
 */
export function secureFrameDeployment(mode, env = process.env) {
  const urls = stackUrls(mode, env);
  return {
    widgetOrigin: urls.frame,
    apiUrl: urls.api,
    rpcUrls: {
      [`eip155:${CHAIN_IDS.anvilA}`]: urls.rpcA,
      [`eip155:${CHAIN_IDS.anvilB}`]: urls.rpcB,
      [solanaLocalNetwork(urls.solanaRpc).caipNetworkId]: urls.solanaRpc,
    },
    nativeCurrencies: {
      [`eip155:${CHAIN_IDS.anvilA}`]: { symbol: 'ETH', decimals: 18 },
      [`eip155:${CHAIN_IDS.anvilB}`]: { symbol: 'ETH', decimals: 18 },
    },
    // The names approvals show (the local Solana network's id is a hash).
    networkNames: {
      [`eip155:${CHAIN_IDS.anvilA}`]: 'Anvil A',
      [`eip155:${CHAIN_IDS.anvilB}`]: 'Anvil B',
      [solanaLocalNetwork(urls.solanaRpc).caipNetworkId]: 'Solana Local',
    },
    // Smart accounts (docs/embedded-wallet.md "Smart accounts"): the dev stack runs each chain's bundler, so
    // anvil A gives the visitor a Safe and anvil B upgrades the EOA in place (EIP-7702). The e2e stack enables
    // none (its specs see the EOA; e2e/embedded-smart-account.spec.ts enables them for itself).
    smartAccounts:
      mode === 'dev' ? { [`eip155:${CHAIN_IDS.anvilA}`]: 'safe', [`eip155:${CHAIN_IDS.anvilB}`]: 'eip7702' } : {},
  };
}

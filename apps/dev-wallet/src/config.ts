import { z } from 'zod/mini';
import { CaipNetworkIdSchema, parseCaipNetworkId } from '@airlock/protocol';

/**
 * The Dev Wallet's configuration, read from `window.AIRLOCK_DEV_WALLET_CONFIG`, which the classic
 * script `dev-wallet-config.js` (served beside `index.html` by the dev stack) sets before the module
 * runs.
 */

/** A network the wallet can sign and send on (eip155 only). */
export const DevWalletNetworkSchema = z.object({
  /** CAIP-2 id, e.g. `eip155:31337`. Only the `eip155` namespace is supported. */
  caipNetworkId: CaipNetworkIdSchema.check(
    z.refine((id) => id.startsWith('eip155:'), {
      error: 'Only eip155 networks are supported',
    }),
  ),
  /** Display name, e.g. `Anvil A`. */
  name: z.string().check(z.minLength(1)).check(z.maxLength(64)),
  /** JSON-RPC endpoint over http(s), e.g. `http://127.0.0.1:8545`. */
  rpcUrl: z.url({ protocol: /^https?$/ }),
});

/** A network the wallet can sign and send on: `{ caipNetworkId, name, rpcUrl }`. */
export type DevWalletNetwork = z.infer<typeof DevWalletNetworkSchema>;

/** Shape of `window.AIRLOCK_DEV_WALLET_CONFIG`. */
export const DevWalletConfigSchema = z.object({
  /** WalletConnect relay WebSocket URL, e.g. `ws://127.0.0.1:8555` (apps/relay). */
  relayUrl: z.url({ protocol: /^wss?$/ }),
  /** WalletConnect project id; the local relay accepts any value. */
  projectId: z.string().check(z.minLength(1)),
  /** Networks offered to dapps, first = the wallet's initial active network. At least one. */
  networks: z.array(DevWalletNetworkSchema).check(z.minLength(1)),
  /** A Solana network to offer a solana account on (CAIP-2 `solana:<genesis prefix>`, e.g. the stack's Solana Local). */
  solana: z.optional(
    z.object({
      caipNetworkId: CaipNetworkIdSchema.check(
        z.refine((id) => id.startsWith('solana:'), {
          error: 'Expected a solana network',
        }),
      ),
      name: z.string().check(z.minLength(1)).check(z.maxLength(64)),
      rpcUrl: z.url({ protocol: /^https?$/ }),
    }),
  ),
  /** A Bitcoin network to offer a bip122 account on (CAIP-2 `bip122:<genesis prefix>`, the stack's regtest stand-in) and its Esplora API. */
  bitcoin: z.optional(
    z.object({
      caipNetworkId: CaipNetworkIdSchema.check(
        z.refine((id) => id.startsWith('bip122:'), {
          error: 'Expected a bip122 network',
        }),
      ),
      name: z.string().check(z.minLength(1)).check(z.maxLength(64)),
      esploraUrl: z.url({ protocol: /^https?$/ }),
    }),
  ),
  /** A Cosmos network to offer a cosmos account on (CAIP-2 `cosmos:<chain id>`, the stack's local network); the dapp broadcasts. */
  cosmos: z.optional(
    z.object({
      caipNetworkId: CaipNetworkIdSchema.check(
        z.refine((id) => id.startsWith('cosmos:'), {
          error: 'Expected a cosmos network',
        }),
      ),
      name: z.string().check(z.minLength(1)).check(z.maxLength(64)),
    }),
  ),
  /** A Polkadot network to offer a polkadot account on (CAIP-2 `polkadot:<genesis hash prefix>`, the stack's local network). */
  polkadot: z.optional(
    z.object({
      caipNetworkId: CaipNetworkIdSchema.check(
        z.refine((id) => id.startsWith('polkadot:'), {
          error: 'Expected a polkadot network',
        }),
      ),
      name: z.string().check(z.minLength(1)).check(z.maxLength(64)),
    }),
  ),
});

/** The validated configuration: `{ relayUrl, projectId, networks }`. */
export type DevWalletConfig = z.infer<typeof DevWalletConfigSchema>;

declare global {
  interface Window {
    /** Set by `dev-wallet-config.js` (classic script) before the wallet's module runs. */
    AIRLOCK_DEV_WALLET_CONFIG?: unknown;
  }
}

/**
 * Validates a raw configuration object.
 * @returns the parsed {@link DevWalletConfig}.
 * @throws Error `Invalid Dev Wallet configuration: <path>: <message>; …` when a field is missing or malformed,
 *   or `… dev-wallet-config.js did not set window.AIRLOCK_DEV_WALLET_CONFIG` when `raw` is undefined.
 */
export function parseDevWalletConfig(raw: unknown): DevWalletConfig {
  if (raw === undefined) {
    throw new Error(
      'Invalid Dev Wallet configuration: dev-wallet-config.js did not set window.AIRLOCK_DEV_WALLET_CONFIG',
    );
  }
  const result = DevWalletConfigSchema.safeParse(raw);
  if (!result.success) {
    const details = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`Invalid Dev Wallet configuration: ${details.join('; ')}`);
  }
  return result.data;
}

/**
 * The numeric EIP-155 chain id of a network, e.g. `31337` for `eip155:31337`.
 * @throws Error 'Invalid CAIP-2 network id' for a malformed id (spec §5).
 */
export function chainIdOf(caipNetworkId: string): number {
  return Number(parseCaipNetworkId(caipNetworkId).chainId);
}

/** The configured network with this CAIP-2 id, or `undefined`. */
export function findNetwork(config: DevWalletConfig, caipNetworkId: string): DevWalletNetwork | undefined {
  return config.networks.find((network) => network.caipNetworkId === caipNetworkId);
}

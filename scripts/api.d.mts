import type { ChildProcess } from 'node:child_process';

/** Anvil's default accounts 0, 1 and 2 (1000 DEV each). */
export declare const DEV_ACCOUNTS: readonly [`0x${string}`, `0x${string}`, `0x${string}`];
/** The dev ERC-20 `Dev Token` / `DEV` (18 decimals). */
export declare const DEV_TOKEN_ADDRESS: `0x${string}`;
/** The dev ERC-721 `Dev NFT` / `DNFT`. */
export declare const DEV_NFT_ADDRESS: `0x${string}`;
/** Whole DEV minted to each dev account. */
export declare const DEV_TOKEN_AMOUNT: string;
/** Deploys DEV, DNFT and the dev exchange on the anvil at `url` (idempotent); see scripts/api.mjs. */
export declare function deployDevAssets(url: string): Promise<{ token: string; nft: string }>;
/** The dev API's bundler and sponsorship environment (AIRLOCK_BUNDLERS, AIRLOCK_PAYMASTER_SIGNER_KEY); see scripts/api.mjs. */
export declare function devBundlerEnv(bundlers: { caipNetworkId: string; url: string }[]): Record<string, string>;
/** Starts the provider API; see scripts/api.mjs. */
export declare function spawnApi(options: {
  port: number;
  /** `rpcUrls`: more upstreams of the chain (its RPC proxy falls back across them). */
  chains: { caipNetworkId: string; rpcUrl: string; rpcUrls?: string[] }[];
  dataDir: string;
  fresh?: boolean;
  databaseUrl?: string;
  pollMs?: number;
  quiet?: boolean;
  env?: Record<string, string>;
  onramp?: { sandboxUrl: string; webhookSecret: string; signingSecret: string };
}): ChildProcess;
/** Waits until the API answers. */
export declare function waitForApi(url: string, child: ChildProcess, timeoutMs?: number): Promise<void>;
/** Stops an API process. */
export declare function stopApi(child: ChildProcess | null): Promise<void>;
/** Name zones of the dev stack (`reown.id`, `wcn.id`). */
export declare const DEV_NAME_ZONES: string[];
/** The two dev onramp providers served by the sandbox. */
export declare const DEV_ONRAMP_PARTNERS: { id: string; name: string; publicKey: string; feePercent: number }[];
/** The dev API's swap, name and onramp environment. */
export declare function devFeatureEnv(options: {
  chains: { caipNetworkId: string }[];
  onramp?: { sandboxUrl: string; webhookSecret: string; signingSecret: string };
}): Record<string, string>;
/** `startOnrampSandbox` options for the dev stack. */
export declare function devSandboxOptions(options: {
  port: number;
  apiUrl: string;
  chains: { caipNetworkId: string; rpcUrl: string }[];
  webhookSecret: string;
  signingSecret: string;
}): {
  port: number;
  host: string;
  apiUrl: string;
  projectId: string;
  webhookSecret: string;
  signingSecret: string;
  treasuryKey: `0x${string}`;
  partners: Record<string, { id: string; feePercent: number }>;
  chains: { caipNetworkId: `eip155:${number}`; rpcUrl: string; tokens: Record<string, `0x${string}` | 'native'> }[];
};

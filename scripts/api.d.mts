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
/** Starts the API process; see scripts/api.mjs. */
export declare function spawnApi(options: {
  port: number;
  chains: { caipNetworkId: string; rpcUrl: string }[];
  dataDir: string;
  fresh?: boolean;
  databaseUrl?: string;
  pollMs?: number;
  quiet?: boolean;
  env?: Record<string, string>;
}): ChildProcess;
/** Waits until the API answers. */
export declare function waitForApi(url: string, child: ChildProcess, timeoutMs?: number): Promise<void>;
/** Stops an API process. */
export declare function stopApi(child: ChildProcess | null): Promise<void>;

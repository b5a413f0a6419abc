import type { ChildProcess } from 'node:child_process';

/** How long Alto may take to answer (ms). */
export declare const BUNDLER_START_MS: number;
/** Starts Alto for one chain and waits until it answers; see scripts/bundler.mjs. */
export declare function startBundlerProcess(options: {
  port: number;
  rpcUrl: string;
  executorKeys?: `0x${string}`[];
  utilityKey?: `0x${string}`;
  quiet?: boolean;
}): Promise<{ child: ChildProcess; url: string; stop: () => Promise<void> }>;

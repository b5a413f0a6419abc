/**
 * The command-line start of the dev stack's stand-ins (apps/solana-rpc, apps/bitcoin-esplora,
 * apps/cosmos-lcd, apps/substrate-rpc): reading integer settings from the environment, printing
 * what listens, stopping on SIGINT / SIGTERM.
 */

/**
 * An integer setting from the environment: `fallback` when unset or empty.
 * @throws Error naming the variable when the value is not an integer from `min` to `max`.
 */
export const readInt = <F extends number | undefined>(
  name: string,
  fallback: F,
  min: number,
  max: number,
): number | F => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  return value;
};

/**
 * Starts a stand-in from the command line: awaits `start()`, prints each line of `describe(it)`
 * prefixed with `name: `, and stops it (exit 0, or 1 when stopping fails) on SIGINT / SIGTERM.
 * A failed start prints `name: <message>` and exits 1.
 * @returns the started stand-in.
 */
export async function runStandIn<T extends { stop(): Promise<void> }>(
  name: string,
  start: () => Promise<T>,
  describe: (standIn: T) => string[],
): Promise<T> {
  let standIn: T;
  try {
    standIn = await start();
  } catch (error) {
    console.error(`${name}: ${(error as Error).message}`);
    process.exit(1);
  }
  for (const line of describe(standIn)) console.log(`${name}: ${line}`);
  const shutdown = (): void => {
    standIn.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  return standIn;
}

/**
 * The CORS headers of a stand-in: any origin may call it (the demo page, the frames, the tests),
 * with `methods` (e.g. `GET, POST, OPTIONS`) and a `content-type` header; preflights cached 10 min.
 */
export const standInCors = (methods: string): Record<string, string> => ({
  'access-control-allow-origin': '*',
  'access-control-allow-methods': methods,
  'access-control-allow-headers': 'content-type',
  'access-control-max-age': '600',
});

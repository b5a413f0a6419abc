import { startStack } from '../scripts/stack.mjs';

/**
 * Playwright global setup: starts the stack in `e2e` mode (anvils on 18545/18546,
 * frame on 127.0.0.1:15174, dapp on localhost:15173, foreign page on 127.0.0.2:15175),
 * building what is missing; set `AIRLOCK_E2E_BUILD=1` to rebuild everything first.
 * The returned function is the global teardown: it stops everything started here.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // On a shared machine a second run waits (up to 10 min) for the first one's stack to stop.
  const stack = await startStack({
    mode: 'e2e',
    build: process.env.AIRLOCK_E2E_BUILD === '1',
    waitForPortsMs: 600_000,
  });
  return () => stack.stop();
}

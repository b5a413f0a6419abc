import { test as base, expect } from '@playwright/test';
import { rpc } from '../../scripts/stack.mjs';
import { stackUrls } from '../../scripts/ports.mjs';

/** URLs of the e2e stack (docs/integration.md; `AIRLOCK_*_PORT` overrides apply). */
export const urls = stackUrls('e2e');

/**
 * The Playwright `test` of every spec. An automatic fixture takes an anvil
 * `evm_snapshot` of both chains before each test and `evm_revert`s after it, so
 * a test that sends transactions leaves balances and nonces as it found them.
 */
export const test = base.extend<{ chainSnapshot: void }>({
  chainSnapshot: [
    async ({}, use) => {
      const chains = [urls.rpcA, urls.rpcB];
      const snapshots = await Promise.all(chains.map((url) => rpc(url, 'evm_snapshot')));
      await use();
      await Promise.all(chains.map((url, i) => rpc(url, 'evm_revert', [snapshots[i]])));
    },
    { auto: true },
  ],
});

export { expect };

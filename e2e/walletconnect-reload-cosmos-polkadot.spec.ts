import { BOB, CHAIN_ID, COSMOS_1, provider } from './support/cosmosPolkadot';
import { connectOverWalletConnect, expectRestored } from './support/cosmosPolkadotWalletConnect';
import { test } from './support/test';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';

// Cosmos and Polkadot over WalletConnect after a reload. A WalletConnect session survives a reload only where the widget frame may keep storage. Chromium as
// people run it partitions third-party storage; Playwright's default flags block it, and the session
// then lives in memory until the page closes (the widget says so on its WalletConnect views). Hence
// these launch flags, in a file of their own (Playwright takes launch options per file).
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

test('WalletConnect cosmos: a reload restores the session on Cosmos Local with the same address', async ({
  page,
  context,
}) => {
  await connectOverWalletConnect(page, context, 'Cosmos Local', COSMOS_1);
  await expectRestored(page, 'Cosmos Local', COSMOS_1, async () => {
    const key = (await provider(page, 'cosmos', 'getKey', [CHAIN_ID])) as { bech32Address?: string };
    return key?.bech32Address === COSMOS_1;
  });
});

test('WalletConnect polkadot: a reload restores the session on Polkadot Local with //Bob', async ({
  page,
  context,
}) => {
  await connectOverWalletConnect(page, context, 'Polkadot Local', BOB);
  await expectRestored(page, 'Polkadot Local', BOB, async () => {
    const accounts = (await provider(page, 'polkadot', 'accounts.get', [])) as { address: string }[];
    return accounts[0]?.address === BOB;
  });
});

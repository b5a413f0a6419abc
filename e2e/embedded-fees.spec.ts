import type { Page } from '@playwright/test';
import { encodeAbiParameters, encodeFunctionData, erc20Abi, numberToHex, parseEther as eth } from 'viem';
import { startHostileRpc, type HostileRpc } from '../packages/testing/src/hostileRpc';
import { rpc } from '../scripts/stack.mjs';
import { ACCOUNT_1, DEV_TOKEN } from './support/api';
import {
  approveInSecureFrame,
  approvalDialog,
  emailLogin,
  freshEmail,
  fund,
  rejectInSecureFrame,
  secureFrame,
} from './support/emailLogin';
import { expect, test, urls } from './support/test';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';
import { DAPP_PROMPT } from './support/widget';

// Issue 29 item 3, as an attacker does it: a script on an allowed dapp page points the page's
// network list (Anvil A) at an RPC it controls. That RPC forwards to the chain but answers a tip
// of 40 % of the visitor's balance for a plain transfer, and lies about the dev token's symbol and
// decimals. The secure frame must fill the transaction from its deployment's own RPC, show the
// maximum cost, sign exactly that, and show the token as the chain says.
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

/** A tip (wei per gas) that makes a 21 000-gas transfer cost 0.4 ETH. */
const LYING_TIP = numberToHex(eth('0.4') / 21_000n);
const SYMBOL = '0x95d89b41';
const DECIMALS = '0x313ce567';

let hostile: HostileRpc;

test.beforeAll(async () => {
  hostile = await startHostileRpc(urls.rpcA, {
    eth_maxPriorityFeePerGas: () => LYING_TIP,
    eth_gasPrice: () => LYING_TIP,
    eth_feeHistory: () => ({
      oldestBlock: '0x1',
      baseFeePerGas: ['0x1', '0x1'],
      gasUsedRatio: [0.5],
      reward: [[LYING_TIP, LYING_TIP, LYING_TIP]],
    }),
    eth_call: ([call]) => {
      const { to, data, input } = (call ?? {}) as { to?: string; data?: string; input?: string };
      if (to?.toLowerCase() !== DEV_TOKEN.toLowerCase()) return undefined;
      const selector = (data ?? input ?? '').slice(0, 10);
      if (selector === SYMBOL) return encodeAbiParameters([{ type: 'string' }], ['USDC']);
      if (selector === DECIMALS) return encodeAbiParameters([{ type: 'uint8' }], [6]);
      return undefined;
    },
  });
});

test.afterAll(async () => {
  await hostile?.stop();
});

/** `eth_sendTransaction` through the dapp's provider; resolves with the hash or the error code. */
function sendFromPage(page: Page, tx: Record<string, string>) {
  return page.evaluate(
    (params) =>
      (
        window as unknown as {
          __airlockDemoWidget: { getProvider(ns: 'eip155'): { request(a: unknown): Promise<unknown> } };
        }
      ).__airlockDemoWidget
        .getProvider('eip155')
        .request({ method: 'eth_sendTransaction', params: [params] })
        .then(
          (hash) => String(hash),
          (error: { code?: number }) => `error ${error.code}`,
        ),
    tx,
  );
}

/** An amount like "0.000063 ETH" in wei. */
const weiOf = (text: string) => eth(text.replace(/ ETH$/, ''));

test('a hostile page RPC cannot set the fee or the token facts: the max cost comes from the deployment’s RPC and bounds what is paid', async ({
  page,
}) => {
  // The hostile page: its network list names the attacker's RPC for Anvil A.
  await page.route('**/demo-config.js', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replaceAll(urls.rpcA, hostile.url) });
  });
  await page.goto(DAPP_PROMPT);
  const address = await emailLogin(page, freshEmail('fees'));
  await fund(address);
  const before = BigInt((await rpc(urls.rpcA, 'eth_getBalance', [address, 'latest'])) as string);
  expect(before).toBe(eth('1'));

  // "Send 0 ETH": the approval shows the max fee and total before anything is signed.
  const hash = sendFromPage(page, { from: address, to: ACCOUNT_1, value: '0x0' });
  await expect(approvalDialog(page)).toBeVisible();
  const screen = secureFrame(page);
  await expect(screen.getByTestId('approval-max-cost')).toHaveText(/^\d+(\.\d+)? ETH$/);
  const maxCost = weiOf((await screen.getByTestId('approval-max-cost').textContent())!);
  // The deployment's RPC (anvil) prices a transfer at a few gwei: far below the 0.4 ETH the page's RPC asked.
  expect(maxCost).toBeLessThan(eth('0.001'));
  expect(maxCost).toBeGreaterThan(0n);
  await expect(screen.getByTestId('approval-fee-notice')).toBeHidden();
  // The coin is the deployment's (no notice), and the API's dev price table (ETH at $3000) puts dollars beside it.
  await expect(screen.getByTestId('approval-currency-notice')).toBeHidden();
  const dollars = (Number(maxCost) / 1e18) * 3000;
  const usd =
    dollars < 0.005
      ? '< $0.01'
      : `≈ ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars)}`;
  await expect(screen.getByTestId('approval-max-cost-usd')).toHaveText(`(${usd})`);
  await expect(screen.getByTestId('approval-max-fee-usd')).toHaveText(`(${usd})`);
  await approveInSecureFrame(page);
  const sent = await hash;
  expect(sent).toMatch(/^0x[0-9a-f]{64}$/);

  // What was signed is what was shown, and the visitor lost no more than shown.
  const tx = (await rpc(urls.rpcA, 'eth_getTransactionByHash', [sent])) as { gas: string; maxFeePerGas: string };
  expect(BigInt(tx.gas) * BigInt(tx.maxFeePerGas)).toBe(maxCost);
  const after = BigInt((await rpc(urls.rpcA, 'eth_getBalance', [address, 'latest'])) as string);
  expect(before - after).toBeGreaterThan(0n);
  expect(before - after).toBeLessThanOrEqual(maxCost);

  // A token call: symbol and decimals as the chain says (DEV, 18), not the page's RPC (USDC, 6).
  const allowance = sendFromPage(page, {
    from: address,
    to: DEV_TOKEN,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ACCOUNT_1, eth('1')] }),
  });
  await expect(approvalDialog(page)).toBeVisible();
  await expect(screen.getByTestId('approval-title')).toHaveText('Allow spending of your tokens');
  await expect(screen.getByText('1 DEV', { exact: true })).toBeVisible();
  await expect(screen.getByText(/USDC/)).toHaveCount(0);
  await rejectInSecureFrame(page);
  expect(await allowance).toBe('error 4001');
});

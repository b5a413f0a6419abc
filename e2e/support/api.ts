import type { Page } from '@playwright/test';
import { expect } from './test';
import { urls } from './test';
import { widget } from './widget';

/** The dev ERC-20 (`DEV`, 18 decimals) the stack deploys on both chains (scripts/api.mjs). */
export const DEV_TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
/** Anvil account 1, the receiver in send tests. */
export const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** Stops the stack's provider API (`POST /__e2e/api/stop` on the dapp origin). */
export async function stopApi(): Promise<void> {
  const response = await fetch(`${urls.dapp}/__e2e/api/stop`, { method: 'POST' });
  if (response.status !== 204) throw new Error(`api stop: ${response.status} ${await response.text()}`);
}

/** Starts the stack's provider API again and waits until it answers (`POST /__e2e/api/start`). */
export async function startApi(): Promise<void> {
  const response = await fetch(`${urls.dapp}/__e2e/api/start`, { method: 'POST' });
  if (response.status !== 204) throw new Error(`api start: ${response.status} ${await response.text()}`);
}

/** Clicks an Account tab (`role="tab"`: Tokens, NFTs, Activity). */
export async function openTab(page: Page, name: 'Tokens' | 'NFTs' | 'Activity'): Promise<void> {
  await widget(page).getByRole('tab', { name }).click();
  await expect(widget(page).getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/**
 * Waits until the Activity tab lists an item whose text matches `text`, switching tabs to
 * refetch while the API's indexer catches up with the chain.
 */
export async function expectActivity(page: Page, text: string | RegExp): Promise<void> {
  await expect(async () => {
    await openTab(page, 'Tokens');
    await openTab(page, 'Activity');
    await expect(widget(page).getByTestId('activity-item').filter({ hasText: text }).first()).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
}

/** The DEV balance of `address` on chain A in whole tokens, read from the chain (`balanceOf`). */
export async function devTokenBalance(address: string): Promise<bigint> {
  const data = `0x70a08231${address.slice(2).toLowerCase().padStart(64, '0')}`;
  const response = await fetch(urls.rpcA, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: DEV_TOKEN, data }, 'latest'] }),
  });
  const body = (await response.json()) as { result: string };
  return BigInt(body.result) / 10n ** 18n;
}

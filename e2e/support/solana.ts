import { base58 } from '@scure/base';
import { expect, type Page } from '@playwright/test';
import { SOLANA_DEV_ACCOUNT_0 } from '../../scripts/ports.mjs';
import { urls } from './test';
import { widget } from './widget';

/** Dev account 0 of the local Solana chain: the Dev Solana Wallet's key. */
export const SOLANA_ACCOUNT = SOLANA_DEV_ACCOUNT_0;

/** One JSON-RPC call to the e2e stack's local Solana RPC. */
export async function solanaRpc<T>(method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(urls.solanaRpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result as T;
}

/** SOL of `address` on the local chain, in lamports (confirmed). */
export async function lamportsOf(address: string): Promise<number> {
  return (await solanaRpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value;
}

/** Base58 (the Bitcoin alphabet Solana uses) of `bytes`, e.g. a transaction signature or a public key (`@scure/base`). */
export function encodeBase58(bytes: Uint8Array): string {
  return base58.encode(bytes);
}

/** A fresh base58 address nobody holds the key of (32 random bytes). */
export function randomSolanaAddress(): string {
  return encodeBase58(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * Connects the Dev Solana Wallet the way a visitor does: the dapp's `Connect Solana`, the widget's
 * Connect view, the `Dev Solana Wallet` button (the page loaded with `?autoApprove=1`), and waits
 * for the dapp to show the account.
 */
export async function connectDevSolanaWallet(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect Solana' }).click();
  await widget(page).getByRole('button', { name: 'Dev Solana Wallet' }).click();
  await expect(page.getByTestId('dapp-solana-account')).toHaveText(SOLANA_ACCOUNT);
}

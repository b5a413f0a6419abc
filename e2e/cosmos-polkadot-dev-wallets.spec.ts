import { stringToHex } from '@polkadot/util';
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto';
import type { Page } from '@playwright/test';
import {
  ALICE,
  CHAIN_ID,
  COSMOS_0,
  KEPLR_PANEL,
  POLKADOT_PANEL,
  adr36Doc,
  answer,
  callInPage,
  expectBankSend,
  pageDirectSigner,
  verifyAmino,
} from './support/cosmosPolkadot';
import { expect, test } from './support/test';
import { DAPP_PROMPT } from './support/widget';

/**
 * The Dev Keplr Wallet and the Dev Polkadot extension on the demo page, in Chromium, against the
 * stack's stand-ins (apps/cosmos-lcd, apps/substrate-rpc), called directly (cosmos-polkadot.spec.ts
 * goes through the widget): each request asks in its panel, an ADR-036 signature verifies with CosmJS,
 * a bank send signed in the page is applied by the stand-in, a rejection is 4001, and a signRaw
 * signature verifies with @polkadot/util-crypto.
 */

/** Calls `window.keplr[method](...args)` in the page; an error comes back as `{ code }`. */
const keplr = (page: Page, method: string, args: unknown[]) => callInPage(page, 'keplr', method, args);

test('the Dev Keplr Wallet enables, signs ADR-036 (verified by CosmJS) and a bank send the stand-in applies, and refuses with 4001', async ({
  page,
}) => {
  await page.goto(DAPP_PROMPT);
  // Its chunk loads after the page.
  await expect.poll(() => page.evaluate(() => typeof (window as any).keplr?.enable)).toBe('function');

  const enabled = keplr(page, 'enable', [CHAIN_ID]);
  await answer(page, KEPLR_PANEL, 'Approve', 'enable');
  expect(await enabled).toBeNull();
  const key = (await keplr(page, 'getKey', [CHAIN_ID])) as { bech32Address: string; pubKey: number[] };
  expect(key.bech32Address).toBe(COSMOS_0);
  const pubKey = Uint8Array.from(key.pubKey);

  const signed = keplr(page, 'signArbitrary', [CHAIN_ID, COSMOS_0, 'Sign in to Airlock']);
  await answer(page, KEPLR_PANEL, 'Approve', 'signArbitrary');
  const signature = (await signed) as { signature: string };
  expect(await verifyAmino(adr36Doc(COSMOS_0, 'Sign in to Airlock'), signature.signature, pubKey)).toBe(true);

  const refused = keplr(page, 'signArbitrary', [CHAIN_ID, COSMOS_0, 'no']);
  await answer(page, KEPLR_PANEL, 'Reject', 'signArbitrary');
  expect(await refused).toEqual({ code: 4001 });

  // A bank send: CosmJS here builds the SignDoc, the page's wallet signs it after the panel's approval.
  const signer = pageDirectSigner(page, {
    via: 'keplr',
    address: COSMOS_0,
    pubkey: pubKey,
    approve: () => answer(page, KEPLR_PANEL, 'Approve', 'signDirect'),
  });
  await expectBankSend(signer, COSMOS_0, 4321n);
});

test('the Dev Polkadot extension enables through injectedWeb3, lists //Alice and signs raw bytes that @polkadot/util-crypto verifies', async ({
  page,
}) => {
  await page.goto(DAPP_PROMPT);
  await expect
    .poll(() => page.evaluate(() => typeof (window as any).injectedWeb3?.['dev-polkadot']?.enable))
    .toBe('function');
  const call = (step: 'enable' | 'accounts' | 'signRaw', data?: string) =>
    page.evaluate(
      async ({ step, data, alice }) => {
        const ext = (window as any).injectedWeb3['dev-polkadot'];
        try {
          const injected = await ext.enable('Airlock demo');
          if (step === 'enable') return null;
          if (step === 'accounts') return await injected.accounts.get();
          return await injected.signer.signRaw({ address: alice, data, type: 'bytes' });
        } catch (error) {
          return { code: (error as { code?: number }).code };
        }
      },
      { step, data, alice: ALICE },
    );
  const enabled = call('enable');
  await answer(page, POLKADOT_PANEL, 'Approve', 'enable');
  expect(await enabled).toBeNull();
  expect(await call('accounts')).toEqual([{ address: ALICE, name: 'Dev Alice', type: 'sr25519', genesisHash: null }]);
  const data = stringToHex('Sign in to Airlock');
  const signed = call('signRaw', data);
  await answer(page, POLKADOT_PANEL, 'Approve', 'signRaw');
  const { signature } = (await signed) as { signature: `0x${string}` };
  await cryptoWaitReady();
  expect(signatureVerify(data, signature, ALICE).isValid).toBe(true);
  const refused = call('signRaw', data);
  await answer(page, POLKADOT_PANEL, 'Reject', 'signRaw');
  expect(await refused).toEqual({ code: 4001 });
});

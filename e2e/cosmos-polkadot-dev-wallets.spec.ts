import { serializeSignDoc, type StdSignDoc } from '@cosmjs/amino';
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto';
import { fromBase64, toBase64 } from '@cosmjs/encoding';
import type { DirectSignResponse, OfflineDirectSigner } from '@cosmjs/proto-signing';
import { SigningStargateClient } from '@cosmjs/stargate';
import { stringToHex } from '@polkadot/util';
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto';
import type { Page } from '@playwright/test';
import { expect, test, urls } from './support/test';
import { DAPP_PROMPT } from './support/widget';

/**
 * The Dev Keplr Wallet and the Dev Polkadot extension on the demo page, in Chromium, against the
 * stack's stand-ins (apps/cosmos-lcd, apps/substrate-rpc), called directly (cosmos-polkadot.spec.ts
 * goes through the widget): each request asks in its panel, an ADR-036 signature verifies with CosmJS,
 * a bank send signed in the page is applied by the stand-in, a rejection is 4001, and a signRaw
 * signature verifies with @polkadot/util-crypto.
 */

const CHAIN_ID = 'airlock-local-1';
/** Cosmos dev account 0 and 1 (apps/cosmos-lcd/README.md). */
const COSMOS_0 = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7';
const COSMOS_1 = 'cosmos1erxf3sa9q2j4vgseu7jq4a258ckmk7cy076t8z';
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';

/** Calls `window.keplr[method](...args)` in the page; an error comes back as `{ code }`. */
const keplr = (page: Page, method: string, args: unknown[]) =>
  page.evaluate(
    async ({ method, args }) => {
      try {
        const out = await (window as any).keplr[method](...args);
        return JSON.parse(JSON.stringify(out ?? null, (_k, v) => (v instanceof Uint8Array ? Array.from(v) : v)));
      } catch (error) {
        return { code: (error as { code?: number }).code };
      }
    },
    { method, args },
  );

/** Answers the next prompt of the panel named `name`. */
const answer = async (page: Page, name: string, button: 'Approve' | 'Reject', method: string) => {
  const panel = page.getByRole('dialog', { name });
  await expect(panel.getByTestId('devwallet-method')).toHaveText(method);
  await panel.getByRole('button', { name: button }).click();
};

const KEPLR_PANEL = 'Dev Keplr Wallet request';
const POLKADOT_PANEL = 'Dev Polkadot extension request';

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
  const doc: StdSignDoc = {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] },
    msgs: [
      {
        type: 'sign/MsgSignData',
        value: { signer: COSMOS_0, data: toBase64(new TextEncoder().encode('Sign in to Airlock')) },
      },
    ],
    memo: '',
  };
  expect(
    Secp256k1.verifySignature(
      Secp256k1Signature.fromFixedLength(fromBase64(signature.signature)),
      sha256(serializeSignDoc(doc)),
      pubKey,
    ),
  ).toBe(true);

  const refused = keplr(page, 'signArbitrary', [CHAIN_ID, COSMOS_0, 'no']);
  await answer(page, KEPLR_PANEL, 'Reject', 'signArbitrary');
  expect(await refused).toEqual({ code: 4001 });

  // A bank send: CosmJS here builds the SignDoc, the page's wallet signs it after the panel's approval.
  const signer: OfflineDirectSigner = {
    getAccounts: async () => [{ address: COSMOS_0, algo: 'secp256k1', pubkey: pubKey }],
    signDirect: async (address, signDoc) => {
      const out = page.evaluate(
        async ({ address, doc }) => {
          const r = await (window as any).keplr.signDirect('airlock-local-1', address, {
            bodyBytes: Uint8Array.from(doc.bodyBytes),
            authInfoBytes: Uint8Array.from(doc.authInfoBytes),
            chainId: doc.chainId,
            accountNumber: BigInt(doc.accountNumber),
          });
          return {
            signed: {
              bodyBytes: Array.from(r.signed.bodyBytes as Uint8Array),
              authInfoBytes: Array.from(r.signed.authInfoBytes as Uint8Array),
              chainId: r.signed.chainId,
              accountNumber: String(r.signed.accountNumber),
            },
            signature: r.signature,
          };
        },
        {
          address,
          doc: {
            bodyBytes: Array.from(signDoc.bodyBytes),
            authInfoBytes: Array.from(signDoc.authInfoBytes),
            chainId: signDoc.chainId,
            accountNumber: String(signDoc.accountNumber),
          },
        },
      );
      await answer(page, KEPLR_PANEL, 'Approve', 'signDirect');
      const r = await out;
      return {
        signed: {
          bodyBytes: Uint8Array.from(r.signed.bodyBytes),
          authInfoBytes: Uint8Array.from(r.signed.authInfoBytes),
          chainId: r.signed.chainId,
          accountNumber: BigInt(r.signed.accountNumber),
        },
        signature: r.signature,
      } as DirectSignResponse;
    },
  };
  const client = await SigningStargateClient.connectWithSigner(urls.cosmosLcd, signer, {
    broadcastPollIntervalMs: 100,
  });
  const before = BigInt((await client.getBalance(COSMOS_1, 'ustake')).amount);
  const fee = { amount: [{ denom: 'ustake', amount: '2000' }], gas: '200000' };
  const result = await client.sendTokens(COSMOS_0, COSMOS_1, [{ denom: 'ustake', amount: '4321' }], fee);
  expect(result.code).toBe(0);
  expect(BigInt((await client.getBalance(COSMOS_1, 'ustake')).amount)).toBe(before + 4321n);
  client.disconnect();
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

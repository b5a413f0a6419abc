import { serializeSignDoc, type StdSignDoc } from '@cosmjs/amino';
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto';
import { fromBase64, toBase64, toBech32 } from '@cosmjs/encoding';
import type { DirectSignResponse, OfflineDirectSigner } from '@cosmjs/proto-signing';
import { SigningStargateClient } from '@cosmjs/stargate';
import type { Page } from '@playwright/test';
import { expect, urls } from './test';

/**
 * What the Cosmos and Polkadot specs share (cosmos-polkadot*.spec.ts): the stand-ins' dev accounts,
 * calls into the page (the page's wallets, the widget's providers), the dev wallet panels, ADR-036
 * verification with CosmJS, and a CosmJS bank send signed in the page and applied by the stand-in.
 */

/** The local Cosmos network's chain id (apps/cosmos-lcd). */
export const CHAIN_ID = 'airlock-local-1';
/** Cosmos dev accounts 0 (the Dev Keplr Wallet's) and 1 (the WalletConnect Dev Wallet's), apps/cosmos-lcd/README.md. */
export const COSMOS_0 = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7';
export const COSMOS_1 = 'cosmos1erxf3sa9q2j4vgseu7jq4a258ckmk7cy076t8z';
/** //Alice (the Dev Polkadot extension's) and //Bob (the WalletConnect Dev Wallet's) in the local network's SS58 format (42). */
export const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
export const BOB = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty';

/** The demo's dev wallet panels. */
export const KEPLR_PANEL = 'Dev Keplr Wallet request';
export const POLKADOT_PANEL = 'Dev Polkadot extension request';

/** Byte arrays as plain arrays and big integers as text, so a value crosses `page.evaluate`. */
export const plain = (value: unknown) =>
  JSON.parse(
    JSON.stringify(value ?? null, (_k, v) =>
      v instanceof Uint8Array ? Array.from(v) : typeof v === 'bigint' ? String(v) : v,
    ),
  );

/**
 * Calls `<target>.<path>(...args)` in the page, `target` being `window.keplr` or the demo widget's
 * `getProvider(namespace)`; `path` is a method or `object.method` (`signer.signRaw`). An error comes
 * back as `{ code }`, byte arrays as plain arrays.
 */
export const callInPage = (page: Page, target: 'keplr' | 'cosmos' | 'polkadot', path: string, args: unknown[]) =>
  page.evaluate(
    async ({ target, path, args }) => {
      const w = window as any;
      const root = target === 'keplr' ? w.keplr : w.__airlockDemoWidget.getProvider(target);
      const [first, second] = path.split('.');
      const object = second ? root[first!] : root;
      try {
        const out = await object[second ?? first!](...args);
        return JSON.parse(JSON.stringify(out ?? null, (_k, v) => (v instanceof Uint8Array ? Array.from(v) : v)));
      } catch (error) {
        return { code: (error as { code?: number }).code };
      }
    },
    { target, path, args },
  );

/** The widget's provider of `namespace` (`widget.getProvider(namespace)[path](...args)`), see {@link callInPage}. */
export const provider = (page: Page, namespace: 'cosmos' | 'polkadot', path: string, args: unknown[]) =>
  callInPage(page, namespace, path, args);

/** Answers the next prompt of the demo's dev wallet panel named `name`, after checking its method. */
export const answer = async (page: Page, name: string, button: 'Approve' | 'Reject', method: string) => {
  const panel = page.getByRole('dialog', { name });
  await expect(panel.getByTestId('devwallet-method')).toHaveText(method);
  await panel.getByRole('button', { name: button }).click();
};

/** The ADR-036 amino sign doc of `text` signed by `signer` (what Keplr's `signArbitrary` signs). */
export const adr36Doc = (signer: string, text: string): StdSignDoc => ({
  chain_id: '',
  account_number: '0',
  sequence: '0',
  fee: { gas: '0', amount: [] },
  msgs: [{ type: 'sign/MsgSignData', value: { signer, data: toBase64(new TextEncoder().encode(text)) } }],
  memo: '',
});

/** True when `signature` (base64, 64 bytes) is `pubKey`'s secp256k1 signature of the amino doc `doc` (CosmJS). */
export const verifyAmino = (doc: StdSignDoc, signature: string, pubKey: Uint8Array) =>
  Secp256k1.verifySignature(
    Secp256k1Signature.fromFixedLength(fromBase64(signature)),
    sha256(serializeSignDoc(doc)),
    pubKey,
  );

/**
 * An offline signer for CosmJS in this process whose `signDirect` runs in the page: with the page's
 * Keplr (`window.keplr.signDirect`) or with the widget's offline signer
 * (`getProvider('cosmos').getOfflineSigner`), while `approve` answers the wallet's prompt.
 */
export const pageDirectSigner = (
  page: Page,
  options: { via: 'keplr' | 'widget'; address: string; pubkey: Uint8Array; approve: () => Promise<void> },
): OfflineDirectSigner => ({
  getAccounts: async () => [{ address: options.address, algo: 'secp256k1', pubkey: options.pubkey }],
  signDirect: async (address, signDoc) => {
    const out = page.evaluate(
      async ({ via, address, doc, chainId }) => {
        const w = window as any;
        const input = {
          bodyBytes: Uint8Array.from(doc.bodyBytes),
          authInfoBytes: Uint8Array.from(doc.authInfoBytes),
          chainId: doc.chainId,
          accountNumber: BigInt(doc.accountNumber),
        };
        const r =
          via === 'keplr'
            ? await w.keplr.signDirect(chainId, address, input)
            : await w.__airlockDemoWidget.getProvider('cosmos').getOfflineSigner(chainId).signDirect(address, input);
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
      { via: options.via, address, doc: plain(signDoc), chainId: CHAIN_ID },
    );
    await options.approve();
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
});

/** A fresh `cosmos1…` address (20 random bytes): what it holds after a test is what the test sent, whatever else runs. */
export const freshCosmosAddress = () => toBech32('cosmos', crypto.getRandomValues(new Uint8Array(20)));

/**
 * A CosmJS bank send (`SigningStargateClient.sendTokens`) of `amount` ustake from `from` to `to`
 * (a fresh address by default) with `signer`, against the local LCD stand-in; checks that the
 * stand-in applied it (`to` holds `amount` more).
 */
export async function expectBankSend(
  signer: OfflineDirectSigner,
  from: string,
  amount: bigint,
  to: string = freshCosmosAddress(),
) {
  const client = await SigningStargateClient.connectWithSigner(urls.cosmosLcd, signer, {
    broadcastPollIntervalMs: 100,
  });
  try {
    const before = BigInt((await client.getBalance(to, 'ustake')).amount);
    const fee = { amount: [{ denom: 'ustake', amount: '2000' }], gas: '200000' };
    const sent = await client.sendTokens(from, to, [{ denom: 'ustake', amount: String(amount) }], fee);
    expect(sent.code).toBe(0);
    expect(BigInt((await client.getBalance(to, 'ustake')).amount)).toBe(before + amount);
  } finally {
    client.disconnect();
  }
}

import { serializeSignDoc, type StdSignDoc } from '@cosmjs/amino';
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto';
import { fromBase64, toBase64 } from '@cosmjs/encoding';
import type { DirectSignResponse, OfflineDirectSigner } from '@cosmjs/proto-signing';
import { SigningStargateClient } from '@cosmjs/stargate';
import { stringToHex } from '@polkadot/util';
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto';
import type { Page } from '@playwright/test';
import { expect, test, urls } from './support/test';
import { DAPP_HOST, serverSays, signIn } from './support/siwx';
import { dapp, modal, shortAddress, showAccount, widget } from './support/widget';

/**
 * Cosmos and Polkadot through the widget, in Chromium on the demo page with `?cosmos=1` /
 * `?polkadot=1` (the local networks of the stack's stand-ins and the opt-in host entries): the
 * Dev Keplr Wallet and the Dev Polkadot extension are listed in Connect when the dapp asks for
 * accounts, each request asks in the wallet's panel; the Account view shows the address and the
 * balance the provider API reads from the stand-in; CosmJS signs a bank send with the widget's
 * offline signer (`getProvider('cosmos').getOfflineSigner`) which the stand-in applies; an ADR-036
 * signature verifies with CosmJS and a Polkadot `signRaw` with @polkadot/util-crypto; a rejection is
 * 4001; a reload restores; the network switches to eip155 and back.
 */

const CHAIN_ID = 'airlock-local-1';
/** Cosmos dev accounts 0 and 1 (apps/cosmos-lcd/README.md). */
const COSMOS_0 = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7';
const COSMOS_1 = 'cosmos1erxf3sa9q2j4vgseu7jq4a258ckmk7cy076t8z';
/** //Alice in the local network's SS58 format (42). */
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';

/** Byte arrays as plain arrays and big integers as text, so a value crosses `page.evaluate`. */
const plain = (value: unknown) =>
  JSON.parse(
    JSON.stringify(value ?? null, (_k, v) =>
      v instanceof Uint8Array ? Array.from(v) : typeof v === 'bigint' ? String(v) : v,
    ),
  );

/**
 * Calls `widget.getProvider(namespace)[method](...args)` in the page (the demo's widget); an error
 * comes back as `{ code }`. Byte arrays come back as plain arrays.
 */
const provider = (page: Page, namespace: 'cosmos' | 'polkadot', path: string, args: unknown[]) =>
  page.evaluate(
    async ({ namespace, path, args }) => {
      const p = (window as any).__airlockDemoWidget.getProvider(namespace);
      const [first, second] = path.split('.');
      const target = second ? p[first!] : p;
      try {
        const out = await target[second ?? first!](...args);
        return JSON.parse(JSON.stringify(out ?? null, (_k, v) => (v instanceof Uint8Array ? Array.from(v) : v)));
      } catch (error) {
        return { code: (error as { code?: number }).code };
      }
    },
    { namespace, path, args },
  );

/** Answers the next prompt of the dev wallet panel named `name`. */
const answer = async (page: Page, name: string, button: 'Approve' | 'Reject', method: string) => {
  const panel = page.getByRole('dialog', { name });
  await expect(panel.getByTestId('devwallet-method')).toHaveText(method);
  await panel.getByRole('button', { name: button }).click();
};

const KEPLR_PANEL = 'Dev Keplr Wallet request';
const POLKADOT_PANEL = 'Dev Polkadot extension request';

/** The widget's offline signer for CosmJS in this process: each `signDirect` runs in the page and is approved in the panel. */
const widgetSigner = (page: Page, pubkey: Uint8Array): OfflineDirectSigner => ({
  getAccounts: async () => [{ address: COSMOS_0, algo: 'secp256k1', pubkey }],
  signDirect: async (address, signDoc) => {
    const out = page.evaluate(
      async ({ address, doc, chainId }) => {
        const signer = (window as any).__airlockDemoWidget.getProvider('cosmos').getOfflineSigner(chainId);
        const r = await signer.signDirect(address, {
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
      { address, doc: { ...plain(signDoc), accountNumber: String(signDoc.accountNumber) }, chainId: CHAIN_ID },
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
});

test('Keplr through the widget: Connect, Account and Receive, a CosmJS bank send the stand-in applies, ADR-036, 4001, reload, eip155 and back', async ({
  page,
}) => {
  await page.goto(`${urls.dapp}/?cosmos=1`);
  await expect.poll(() => page.evaluate(() => typeof (window as any).keplr?.enable)).toBe('function');
  // The dapp asks for accounts: Connect opens for cosmos and lists the page's Keplr.
  const enabled = provider(page, 'cosmos', 'enable', [CHAIN_ID]);
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Keplr', exact: true }).click();
  await answer(page, KEPLR_PANEL, 'Approve', 'enable');
  expect(await enabled).toBeNull();
  const key = (await provider(page, 'cosmos', 'getKey', [CHAIN_ID])) as { bech32Address: string; pubKey: number[] };
  expect(key.bech32Address).toBe(COSMOS_0);
  const pubKey = Uint8Array.from(key.pubKey);

  await showAccount(page);
  const frame = widget(page);
  await expect(frame.getByTestId('account-address')).toHaveText(shortAddress(COSMOS_0));
  await expect(frame.getByTestId('account-network')).toHaveText('Cosmos Local');
  await expect(frame.getByTestId('account-balance')).toHaveText(/^[1-9][\d,]*(\.\d+)? STAKE$/);
  await frame.getByRole('button', { name: 'Receive' }).click();
  await expect(modal(page, 'Receive').getByTestId('receive-address')).toHaveText(COSMOS_0);
  await frame.getByRole('button', { name: 'Close' }).click();

  // CosmJS here, the widget's offline signer in the page, the Dev Keplr Wallet behind it.
  const client = await SigningStargateClient.connectWithSigner(urls.cosmosLcd, widgetSigner(page, pubKey), {
    broadcastPollIntervalMs: 100,
  });
  const before = BigInt((await client.getBalance(COSMOS_1, 'ustake')).amount);
  const fee = { amount: [{ denom: 'ustake', amount: '2000' }], gas: '200000' };
  const sent = await client.sendTokens(COSMOS_0, COSMOS_1, [{ denom: 'ustake', amount: '1234' }], fee);
  expect(sent.code).toBe(0);
  expect(BigInt((await client.getBalance(COSMOS_1, 'ustake')).amount)).toBe(before + 1234n);
  client.disconnect();

  // ADR-036 through the widget, verified with CosmJS against the account's key.
  const signing = provider(page, 'cosmos', 'signArbitrary', [CHAIN_ID, COSMOS_0, 'Sign in to Airlock']);
  await answer(page, KEPLR_PANEL, 'Approve', 'signArbitrary');
  const signature = (await signing) as { signature: string; pub_key: { value: string } };
  expect(fromBase64(signature.pub_key.value)).toEqual(pubKey);
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
  const verify = (text: StdSignDoc) =>
    Secp256k1.verifySignature(
      Secp256k1Signature.fromFixedLength(fromBase64(signature.signature)),
      sha256(serializeSignDoc(text)),
      pubKey,
    );
  expect(await verify(doc)).toBe(true);
  expect(await verify({ ...doc, memo: 'x' })).toBe(false);

  // A rejection is 4001; another chain's sign doc never reaches the wallet (4901).
  const refused = provider(page, 'cosmos', 'signArbitrary', [CHAIN_ID, COSMOS_0, 'no']);
  await answer(page, KEPLR_PANEL, 'Reject', 'signArbitrary');
  expect(await refused).toEqual({ code: 4001 });
  expect(
    await provider(page, 'cosmos', 'signDirect', [
      'cosmoshub-4',
      COSMOS_0,
      { bodyBytes: new Uint8Array(), authInfoBytes: new Uint8Array(), chainId: 'cosmoshub-4', accountNumber: 0n },
    ]),
  ).toEqual({ code: 4901 });

  // A reload restores silently (the wallet remembers the site): the provider answers once it has.
  await page.reload();
  await expect
    .poll(() => provider(page, 'cosmos', 'request', [{ method: 'cosmos_getAccounts', params: [] }]))
    .toEqual([expect.objectContaining({ address: COSMOS_0 })]);
  await showAccount(page);
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(COSMOS_0));
  await expect(widget(page).getByTestId('account-network')).toHaveText('Cosmos Local');

  // cosmos → eip155 → cosmos: SwitchActiveChain asks for a wallet of the other namespace.
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: 'Anvil A', exact: true }).click();
  await expect(modal(page, 'Switch network').getByTestId('switch-active-chain')).toContainText(
    'Keplr has no account on Anvil A',
  );
  await modal(page, 'Switch network').getByRole('button', { name: 'Connect a wallet' }).click();
  await widget(page).getByRole('button', { name: 'Dev Wallet', exact: true }).click();
  const devWallet = page.getByRole('dialog', { name: 'Dev Wallet request' });
  if (await devWallet.isVisible()) await devWallet.getByRole('button', { name: 'Approve' }).click();
  await expect(dapp(page, 'dapp-chain')).toHaveText('31337');
  expect(await provider(page, 'cosmos', 'request', [{ method: 'cosmos_getAccounts', params: [] }])).toEqual([]);
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: 'Cosmos Local', exact: true }).click();
  await modal(page, 'Switch network').getByRole('button', { name: 'Connect a wallet' }).click();
  await widget(page).getByRole('button', { name: 'Keplr', exact: true }).click();
  await showAccount(page);
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(COSMOS_0));
});

test('the Polkadot extension through the widget: Connect, Account, signRaw verified by @polkadot/util-crypto, 4001, reload', async ({
  page,
}) => {
  await page.goto(`${urls.dapp}/?polkadot=1`);
  await expect
    .poll(() => page.evaluate(() => typeof (window as any).injectedWeb3?.['dev-polkadot']?.enable))
    .toBe('function');
  const enabled = provider(page, 'polkadot', 'enable', []);
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Dev Polkadot Extension', exact: true }).click();
  await answer(page, POLKADOT_PANEL, 'Approve', 'enable');
  await enabled;
  expect(await provider(page, 'polkadot', 'accounts.get', [])).toEqual([expect.objectContaining({ address: ALICE })]);

  await showAccount(page);
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(ALICE));
  await expect(widget(page).getByTestId('account-network')).toHaveText('Polkadot Local');
  await expect(widget(page).getByTestId('account-balance')).toHaveText(/^[1-9][\d,]*(\.\d+)? UNIT$/);

  const data = stringToHex('Sign in to Airlock');
  const signing = provider(page, 'polkadot', 'signer.signRaw', [{ address: ALICE, data, type: 'bytes' }]);
  await answer(page, POLKADOT_PANEL, 'Approve', 'signRaw');
  const { signature } = (await signing) as { signature: `0x${string}` };
  await cryptoWaitReady();
  expect(signatureVerify(data, signature, ALICE).isValid).toBe(true);
  expect(signatureVerify(stringToHex('Sign in to Airlock!'), signature, ALICE).isValid).toBe(false);

  const refused = provider(page, 'polkadot', 'signer.signRaw', [{ address: ALICE, data, type: 'bytes' }]);
  await answer(page, POLKADOT_PANEL, 'Reject', 'signRaw');
  expect(await refused).toEqual({ code: 4001 });

  await page.reload();
  await expect
    .poll(() => provider(page, 'polkadot', 'accounts.get', []))
    .toEqual([expect.objectContaining({ address: ALICE })]);
  await showAccount(page);
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(ALICE));
  await expect(widget(page).getByTestId('account-network')).toHaveText('Polkadot Local');
});

test('Sign In With Cosmos (ADR-036) and With Polkadot (signRaw): the provider API verifies each, the dapp server takes the token', async ({
  page,
}) => {
  await page.goto(`${urls.dapp}/?autoApprove=1&siwx=1&cosmos=1&polkadot=1`);
  await expect.poll(() => page.evaluate(() => typeof (window as any).keplr?.enable)).toBe('function');
  void provider(page, 'cosmos', 'enable', [CHAIN_ID]);
  await widget(page).getByRole('button', { name: 'Keplr', exact: true }).click();
  await expect(modal(page, 'Sign In')).toBeVisible();
  const cosmos = await signIn(page);
  expect(cosmos.message.split('\n').slice(0, 2)).toEqual([
    `${DAPP_HOST} wants you to sign in with your Cosmos account:`,
    COSMOS_0,
  ]);
  const { pub_key, signature } = JSON.parse(cosmos.signature) as { pub_key: { value: string }; signature: string };
  const doc: StdSignDoc = {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] },
    msgs: [
      {
        type: 'sign/MsgSignData',
        value: { signer: COSMOS_0, data: toBase64(new TextEncoder().encode(cosmos.message)) },
      },
    ],
    memo: '',
  };
  expect(
    await Secp256k1.verifySignature(
      Secp256k1Signature.fromFixedLength(fromBase64(signature)),
      sha256(serializeSignDoc(doc)),
      fromBase64(pub_key.value),
    ),
  ).toBe(true);
  await expect(dapp(page, 'dapp-siwx-account')).toHaveText(`cosmos:${CHAIN_ID}:${COSMOS_0}`);
  expect(await serverSays(page)).toBe('valid');

  // The same page, now on Polkadot: disconnect, then the extension and its signRaw sign-in.
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(dapp(page, 'dapp-siwx')).not.toHaveText('signed in');
  void provider(page, 'polkadot', 'enable', []);
  await widget(page).getByRole('button', { name: 'Dev Polkadot Extension', exact: true }).click();
  await expect(modal(page, 'Sign In')).toBeVisible();
  const polkadot = await signIn(page);
  expect(polkadot.message.split('\n').slice(0, 2)).toEqual([
    `${DAPP_HOST} wants you to sign in with your Polkadot account:`,
    ALICE,
  ]);
  await cryptoWaitReady();
  expect(signatureVerify(stringToHex(polkadot.message), polkadot.signature, ALICE).isValid).toBe(true);
  expect(await serverSays(page)).toBe('valid');
});

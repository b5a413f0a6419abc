import { serializeSignDoc, type StdSignDoc } from '@cosmjs/amino';
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto';
import { fromBase64, toBase64 } from '@cosmjs/encoding';
import { PublicKey } from '@solana/web3.js';
import { ed25519 } from '@noble/curves/ed25519';
import type { Page } from '@playwright/test';
import { stringToHex, verifyMessage } from 'viem';
import { SOLANA_ACCOUNT } from './support/solana';
import { expect, test, urls } from './support/test';
import { closeModal, connectDevWallet, modal, showAccount, widget } from './support/widget';

/**
 * One multichain session (CAIP-25, MetaMask's Multichain API shape) from the demo page with the
 * opt-in `@airlock/host-sdk/multichain` entry: with multi-wallet on, the Dev Wallet (eip155), the
 * Dev Solana Wallet and the Dev Keplr Wallet (cosmos) connected; one `createSession` with the three
 * scopes; `invokeMethod` on each, every signature verified here (viem, ed25519 with the
 * @solana/web3.js public key, CosmJS); a method the session did not grant is 4100 and reaches no
 * wallet; the Solana wallet's disconnect reaches the page as `wallet_sessionChanged`;
 * `revokeSession` ends it. And the classic script `airlock-multichain.js` on a page without a bundler.
 */

const PAGE = `${urls.dapp}/?autoApprove=1&multiWallet=1&cosmos=1`;
const EIP155 = 'eip155:31337';
const COSMOS = 'cosmos:airlock-local-1';
/** Cosmos dev account 0 (apps/cosmos-lcd/README.md), the Dev Keplr Wallet's. */
const COSMOS_0 = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7';

type Notification = { method: string; params: { sessionScopes?: Record<string, { accounts: string[] }> } };

/**
 * Calls `getProvider('multichain')[method](arg)` in the page; Uint8Arrays in the answer come back as
 * arrays, a rejection as `{ error: { code, message } }`. A `{ $bytes: text }` in `arg` becomes the text's UTF-8 bytes.
 */
const call = (page: Page, method: string, arg?: unknown): Promise<any> =>
  page.evaluate(
    async ({ method, arg }) => {
      const bytes = (v: unknown): unknown =>
        v && typeof v === 'object'
          ? '$bytes' in v
            ? new TextEncoder().encode((v as { $bytes: string }).$bytes)
            : Array.isArray(v)
              ? v.map(bytes)
              : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, bytes(x)]))
          : v;
      try {
        const client = (window as any).__airlockDemoWidget.getProvider('multichain');
        const out = await client[method](bytes(arg));
        return JSON.parse(JSON.stringify(out ?? null, (_k, v) => (v instanceof Uint8Array ? Array.from(v) : v)));
      } catch (e) {
        return { error: { code: (e as { code: number }).code, message: (e as Error).message } };
      }
    },
    { method, arg },
  );

/** The widget's connections of a namespace (`getConnections`), once it has one. */
async function connections(
  page: Page,
  namespace: string,
): Promise<{ connectorId: string; caipNetworkId: string; accounts: { address: string }[] }[]> {
  const list = () => page.evaluate((ns) => (window as any).__airlockDemoWidget.getConnections(ns), namespace);
  await expect.poll(async () => (await list()).length).toBe(1);
  return list();
}

/**
 * Account → Switch network → `network` → Connect a wallet → `wallet` (the page approves by itself),
 * then waits for the connection of `namespace`.
 */
async function connectOn(page: Page, network: string, wallet: string, namespace: string): Promise<void> {
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: network, exact: true }).click();
  await modal(page, 'Switch network').getByRole('button', { name: 'Connect a wallet' }).click();
  await widget(page).getByRole('button', { name: wallet, exact: true }).click();
  await connections(page, namespace);
}

/** The session's notifications the page received so far. */
const notes = (page: Page): Promise<Notification[]> => page.evaluate(() => (window as any).__notes);

test('one CAIP-25 session over the Dev Wallet, the Dev Solana Wallet and Keplr: invokeMethod signs on each, a disconnect is sessionChanged, revokeSession ends it', async ({
  page,
}) => {
  // The project's remote configuration allows multi-wallet; the page turns it on (?multiWallet=1).
  await page.context().route(`${urls.api}/appkit/v1/config**`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { features?: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, features: { ...body.features, multiWallet: true } } });
  });
  await page.goto(PAGE);
  await page.evaluate(() => {
    (window as any).__notes = [];
    (window as any).__airlockDemoWidget
      .getProvider('multichain')
      .onNotification((n: unknown) => (window as any).__notes.push(n));
  });

  // Three wallets, three namespaces, each the active connection of its own.
  const evm = (await connectDevWallet(page)) as `0x${string}`;
  await expect.poll(() => page.evaluate(() => typeof (window as any).keplr?.enable)).toBe('function');
  await connectOn(page, 'Solana Local', 'Dev Solana Wallet', 'solana');
  await connectOn(page, 'Cosmos Local', 'Keplr', 'cosmos');
  await closeModal(page);
  const [sol] = await connections(page, 'solana');
  const SOLANA = sol!.caipNetworkId; // the local chain's genesis names it
  expect((await connections(page, 'eip155')).map((c) => c.accounts[0]!.address)).toEqual([evm]);
  expect(sol!.accounts[0]!.address).toBe(SOLANA_ACCOUNT);
  expect((await connections(page, 'cosmos')).map((c) => c.accounts[0]!.address)).toEqual([COSMOS_0]);

  // A required scope on a network nobody is connected on fails the whole call (5100).
  expect(
    await call(page, 'createSession', { requiredScopes: { 'eip155:1': { methods: ['personal_sign'] } } }),
  ).toMatchObject({ error: { code: 5100 } });

  const session = await call(page, 'createSession', {
    requiredScopes: {
      [EIP155]: { methods: ['personal_sign', 'eth_getBalance'], notifications: ['accountsChanged'] },
      [SOLANA]: { methods: ['solana_signMessage'], notifications: [] },
    },
    optionalScopes: {
      [COSMOS]: { methods: ['cosmos_signArbitrary', 'cosmos_burnEverything'], notifications: [] },
      'eip155:1': { methods: ['personal_sign'], notifications: [] },
    },
    sessionProperties: { app: 'e2e' },
  });
  expect(session).toEqual({
    sessionScopes: {
      [EIP155]: {
        methods: ['personal_sign', 'eth_getBalance'],
        notifications: ['accountsChanged'],
        accounts: [`${EIP155}:${evm}`],
      },
      [SOLANA]: { methods: ['solana_signMessage'], notifications: [], accounts: [`${SOLANA}:${SOLANA_ACCOUNT}`] },
      [COSMOS]: { methods: ['cosmos_signArbitrary'], notifications: [], accounts: [`${COSMOS}:${COSMOS_0}`] },
    },
    sessionProperties: { app: 'e2e' },
  });
  expect(await call(page, 'getSession')).toEqual({ sessionScopes: session.sessionScopes });

  // eip155: personal_sign, verified with viem.
  const text = 'One session, three chains';
  const signature = await call(page, 'invokeMethod', {
    scope: EIP155,
    request: { method: 'personal_sign', params: [stringToHex(text), evm] },
  });
  expect(await verifyMessage({ address: evm, message: text, signature })).toBe(true);

  // solana: signMessage, an ed25519 signature by the account's public key.
  const solana = await call(page, 'invokeMethod', {
    scope: SOLANA,
    request: { method: 'solana_signMessage', params: [{ message: { $bytes: text } }] },
  });
  const message = new TextEncoder().encode(text);
  const key = new PublicKey(SOLANA_ACCOUNT).toBytes();
  expect(ed25519.verify(Uint8Array.from(solana.signature), message, key)).toBe(true);
  expect(ed25519.verify(Uint8Array.from(solana.signature), new TextEncoder().encode('other'), key)).toBe(false);

  // cosmos: ADR-036, verified with CosmJS against the key the signature names.
  const adr36 = await call(page, 'invokeMethod', {
    scope: COSMOS,
    request: { method: 'cosmos_signArbitrary', params: [{ signerAddress: COSMOS_0, data: text }] },
  });
  const doc: StdSignDoc = {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] },
    msgs: [{ type: 'sign/MsgSignData', value: { signer: COSMOS_0, data: toBase64(message) } }],
    memo: '',
  };
  expect(
    await Secp256k1.verifySignature(
      Secp256k1Signature.fromFixedLength(fromBase64(adr36.signature)),
      sha256(serializeSignDoc(doc)),
      fromBase64(adr36.pub_key.value),
    ),
  ).toBe(true);

  // What the session did not grant: 4100, whatever the wallet would do.
  expect(
    await call(page, 'invokeMethod', {
      scope: EIP155,
      request: { method: 'eth_sendTransaction', params: [{ to: evm, value: '0x1' }] },
    }),
  ).toMatchObject({ error: { code: 4100 } });
  expect(
    await call(page, 'invokeMethod', { scope: 'eip155:1', request: { method: 'personal_sign', params: [] } }),
  ).toMatchObject({ error: { code: 4100, message: 'Scope not in the session: eip155:1' } });

  // The Solana wallet disconnects: the page hears sessionChanged, its scope without accounts.
  await page.evaluate(
    (connectorId) => (window as any).__airlockDemoWidget.deleteConnection({ connectorId }),
    sol!.connectorId,
  );
  await expect
    .poll(async () => (await notes(page)).filter((n) => n.method === 'wallet_sessionChanged').at(-1))
    .toEqual({
      method: 'wallet_sessionChanged',
      params: {
        sessionScopes: {
          ...session.sessionScopes,
          [SOLANA]: { ...session.sessionScopes[SOLANA], accounts: [] },
        },
      },
    });
  expect(
    await call(page, 'invokeMethod', {
      scope: SOLANA,
      request: { method: 'solana_signMessage', params: [{ message: { $bytes: text } }] },
    }),
  ).toMatchObject({ error: { code: 4100, message: `No connected wallet on ${SOLANA}` } });

  // revokeSession ends it: an empty sessionChanged, getSession empty, invokeMethod refused.
  expect(await call(page, 'revokeSession')).toBe(true);
  await expect
    .poll(async () => (await notes(page)).at(-1))
    .toEqual({ method: 'wallet_sessionChanged', params: { sessionScopes: {} } });
  expect(await call(page, 'getSession')).toEqual({ sessionScopes: {} });
  expect(
    await call(page, 'invokeMethod', {
      scope: EIP155,
      request: { method: 'personal_sign', params: [stringToHex(text), evm] },
    }),
  ).toMatchObject({ error: { code: 4100 } });
});

test('the classic scripts /airlock.js and /airlock-multichain.js: window.Airlock.multichain(), getSession, and createSession opening Connect for a disconnected visitor (4001 when closed)', async ({
  page,
}) => {
  await page.goto(`${urls.dapp}/fixtures/classic-multichain.html`);
  const client = (method: string, arg?: unknown) =>
    page.evaluate(
      ([m, a]) =>
        (window as any).__widget
          .getProvider('multichain')
          [m!](a)
          .then(
            (v: unknown) => v,
            (e: { code: number; message: string }) => ({ error: { code: e.code, message: e.message } }),
          ),
      [method, arg] as const,
    );
  expect(await page.evaluate(() => typeof (window as any).Airlock.multichain)).toBe('function');
  expect(await client('getSession')).toEqual({ sessionScopes: {} });
  const asked = client('createSession', { requiredScopes: { 'eip155:31337': { methods: ['personal_sign'] } } });
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await closeModal(page);
  expect(await asked).toEqual({ error: { code: 4001, message: 'Modal closed' } });
  expect(await client('getSession')).toEqual({ sessionScopes: {} });
});

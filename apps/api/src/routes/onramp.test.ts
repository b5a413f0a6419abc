import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erc20Abi, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, freePort, startAnvil, type Anvil } from '@airlock/testing';
import {
  SANDBOX_DECLINED_CARD,
  SANDBOX_TEST_CARD,
  startOnrampSandbox,
  type OnrampSandbox,
} from '@airlock/onramp-sandbox';
import { DEV_TOKEN_ADDRESS, deployDevAssets, devFeatureEnv, devSandboxOptions } from '../../../../scripts/api.mjs';
import { optionsFromEnv } from '../env.ts';
import { createApi, type Api } from '../main.ts';
import { createHttpOnrampProvider, webhookSignatureHeader } from '../onramp/provider.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';

/**
 * The onramp calls (spec §7) with the dev stack's two providers served by the
 * real sandbox (apps/onramp-sandbox) on its own port: quotes, the signed
 * checkout URL, a test-card purchase paid out on anvil, the signed webhooks
 * (pending → completed; bad signature, stale and replayed refused), the
 * purchases in history, and the spec §8 fallbacks with the provider down.
 */

const bob = privateKeyToAccount(DEV_KEYS[1]).address;
const CHAIN = 'eip155:31337';
const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';
const SIGNING_SECRET = 'test-signing-secret-0123456789';
let anvil: Anvil;
let api: Api;
let sandbox: OnrampSandbox;
let baseUrl: string;

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${baseUrl}${path}?projectId=airlock-dev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};
const get = async (path: string, params: Record<string, string> = {}) =>
  (
    await fetch(`${baseUrl}${path}?${new URLSearchParams({ projectId: 'airlock-dev', ...params })}`)
  ).json() as Promise<any>;
const devBalance = () =>
  anvil.test.readContract({ address: DEV_TOKEN_ADDRESS, abi: erc20Abi, functionName: 'balanceOf', args: [bob] });
const urlFor = async (extra: Record<string, unknown> = {}) =>
  (
    await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address: bob, assets: ['DEV'] }],
      defaultNetwork: CHAIN,
      partnerUserId: 'visitor-1',
      defaultExperience: 'buy',
      presetFiatAmount: 100,
      ...extra,
    })
  ).body.url as string;
/** Pays a checkout URL with `card` the way the checkout form does. */
const pay = async (url: string, card: string, amount = '100.00') => {
  const page = new URL(url);
  const res = await fetch(`${page.origin}/checkout`, {
    method: 'POST',
    body: new URLSearchParams({ query: page.search, amount, card, expiry: '12/34', cvc: '123' }),
  });
  return { status: res.status, text: await res.text() };
};

beforeAll(async () => {
  anvil = await startAnvil(31337);
  await deployDevAssets(anvil.rpcUrl);
  const [apiPort, sandboxPort] = [await freePort(), await freePort()];
  const chains = [{ caipNetworkId: CHAIN, rpcUrl: anvil.rpcUrl }];
  // The API is configured the way the dev stack configures it: from the environment scripts/api.mjs builds.
  const env = devFeatureEnv({
    chains,
    onramp: {
      sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
      webhookSecret: WEBHOOK_SECRET,
      signingSecret: SIGNING_SECRET,
    },
  });
  const fromEnv = optionsFromEnv({ ...env, PORT: String(apiPort) });
  api = await createApi({
    ...fromEnv,
    database: await testDatabase(),
    chains,
    seed: 'dev',
    indexer: { autoStart: false },
    log: () => undefined,
  });
  baseUrl = await api.start();
  sandbox = await startOnrampSandbox({
    ...devSandboxOptions({
      port: sandboxPort,
      apiUrl: baseUrl,
      chains,
      webhookSecret: WEBHOOK_SECRET,
      signingSecret: SIGNING_SECRET,
    }),
    log: () => undefined,
  });
}, 60_000);

afterAll(async () => {
  await Promise.all([api?.stop(), anvil?.stop(), sandbox?.stop()]);
  await dropTestDatabases();
});

describe('onramp (spec §7) with the sandbox provider', () => {
  it('GET /v1/onramp/options: the sandbox currencies, USD and EUR with the spec §9 limits, both providers', async () => {
    const body = await get('/v1/onramp/options');
    expect(body.purchaseCurrencies.map((c: { id: string }) => c.id)).toEqual(['DEV', 'USDD', 'ETH']);
    expect(body.purchaseCurrencies[0].networks[0]).toMatchObject({
      chain_id: CHAIN,
      contract_address: DEV_TOKEN_ADDRESS,
    });
    expect(body.paymentCurrencies).toEqual(
      ['USD', 'EUR'].map((id) => ({
        id,
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      })),
    );
    expect(body.providers.map((p: { name: string }) => p.name)).toEqual(['Harbor Pay', 'Lantern Ramp']);
  });

  it("GET /v1/onramp/options names each provider's logo, which the sandbox serves as a script-free SVG image", async () => {
    const body = await get('/v1/onramp/options');
    const logos = body.providers.map((p: { logoUrl?: string }) => p.logoUrl);
    expect(logos).toEqual([`${sandbox.url}/logo/harbor-pay.svg`, `${sandbox.url}/logo/lantern-ramp.svg`]);
    const res = await fetch(logos[0]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = await res.text();
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 64 64"/);
    expect(svg).toContain('>HP</text>');
    expect(svg).not.toMatch(/<script|href=|on\w+=/i);
    // Only the partners' logos: another name is 404.
    expect((await fetch(`${sandbox.url}/logo/someone-else.svg`)).status).toBe(404);
    expect((await fetch(`${sandbox.url}/logo/..%2Fv1%2Fcurrencies`)).status).toBe(404);
  });

  it('a provider configured with a logo that is not an http(s) URL is refused at start', () => {
    const config = {
      id: 'x',
      name: 'X',
      url: 'https://x.test',
      publicKey: 'pk',
      secretKey: 'secret-0123456789abcdef',
      webhookSecret: 'secret-0123456789abcdef',
    };
    expect(createHttpOnrampProvider({ ...config, logoUrl: 'https://x.test/logo.svg' }).logoUrl).toBe(
      'https://x.test/logo.svg',
    );
    expect(createHttpOnrampProvider(config).logoUrl).toBeUndefined();
    expect(() => createHttpOnrampProvider({ ...config, logoUrl: 'javascript:alert(1)' })).toThrow();
  });

  it('POST /v1/onramp/quote: the cheaper provider (1 % fee) wins; amounts outside the limits are refused', async () => {
    const { status, body } = await post('/v1/onramp/quote', {
      purchaseCurrency: { id: 'DEV' },
      paymentCurrency: { id: 'USD' },
      amount: 100,
      network: CHAIN,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      purchaseAmount: { amount: '39.400000', currency: 'DEV' },
      fee: { amount: '1.00', currency: 'USD' },
      networkFee: { amount: '0.50' },
      paymentTotal: { amount: '100.00' },
      provider: { id: 'harbor-pay' },
    });
    const lantern = await post('/v1/onramp/quote', {
      purchaseCurrency: 'DEV',
      paymentCurrency: 'USD',
      amount: 100,
      network: CHAIN,
      provider: 'lantern-ramp',
    });
    expect(lantern.body.fee.amount).toBe('2.00');
    expect(
      await post('/v1/onramp/quote', { purchaseCurrency: 'DEV', paymentCurrency: 'USD', amount: 5, network: CHAIN }),
    ).toEqual({ status: 400, body: { message: 'amount: Must be between 10.00 and 7500.00 USD' } });
    expect(
      (
        await post('/v1/onramp/quote', {
          purchaseCurrency: 'DEV',
          paymentCurrency: 'USD',
          amount: 7500.01,
          network: CHAIN,
        })
      ).status,
    ).toBe(400);
    expect(
      (await post('/v1/onramp/quote', { purchaseCurrency: 'DEV', paymentCurrency: 'GBP', amount: 100, network: CHAIN }))
        .body.message,
    ).toBe('paymentCurrency: Expected one of USD, EUR');
  });

  it('POST /v1/generators/onrampurl: a signed sandbox URL with the spec §7 parameters; a tampered one is refused by the provider', async () => {
    const url = new URL(await urlFor());
    expect(url.origin).toBe(sandbox.url);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      publicKey: 'pk_sandbox_harbor',
      destinationCurrencyCode: 'DEV',
      walletAddress: bob,
      externalCustomerId: 'visitor-1',
      network: CHAIN,
    });
    expect(url.searchParams.get('signature')).toMatch(/^[\w-]{43}$/);
    expect((await fetch(url)).status).toBe(200);
    const tampered = new URL(url);
    tampered.search = url.search.replace(bob, privateKeyToAccount(DEV_KEYS[2]).address);
    expect((await fetch(tampered)).status).toBe(403);
    // No asset named: the deployment's default purchase currency (USDD in dev); Solana: SOL.
    const plain = new URL(
      (
        await post('/v1/generators/onrampurl', {
          destinationWallets: [{ address: bob }],
          defaultNetwork: CHAIN,
          partnerUserId: 'v',
        })
      ).body.url,
    );
    expect(plain.searchParams.get('destinationCurrencyCode')).toBe('USDD');
    const sol = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' }],
      defaultNetwork: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      partnerUserId: 'v',
    });
    expect(new URL(sol.body.url).searchParams.get('destinationCurrencyCode')).toBe('SOL');
    expect(
      (
        await post('/v1/generators/onrampurl', {
          destinationWallets: [{ address: '0x12' }],
          defaultNetwork: CHAIN,
          partnerUserId: 'v',
        })
      ).body.message,
    ).toBe('destinationWallets.0.address: Invalid address');
  });

  it('the test card pays: the sandbox sends the DEV from its funded key, the webhooks mark the purchase done, history lists it', async () => {
    const before = await devBalance();
    const url = await urlFor();
    const paid = await pay(url, SANDBOX_TEST_CARD);
    expect(paid.text).toContain('data-testid="sandbox-complete"');
    expect((await devBalance()) - before).toBe(parseUnits('39.4', 18));
    const history = await get(`/v1/account/${bob}/history`, { onramp: 'all' });
    expect(history.next).toBeNull();
    expect(history.data).toHaveLength(1);
    expect(history.data[0].metadata).toMatchObject({
      operationType: 'buy',
      status: 'confirmed',
      chain: CHAIN,
      sentTo: bob.toLowerCase(),
    });
    expect(history.data[0].metadata.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(history.data[0].transfers[0]).toMatchObject({
      direction: 'in',
      quantity: { numeric: '39.400000' },
      fungible_info: { symbol: 'DEV' },
      value: 100,
    });
    expect((await get(`/v1/account/${bob}/history`, { onramp: 'lantern-ramp' })).data).toEqual([]);
    // Paying the same checkout twice is refused by the provider.
    expect((await pay(url, SANDBOX_TEST_CARD)).status).toBe(409);
    // Without `onramp` the same path is still the chain history.
    expect(await get(`/v1/account/${bob}/history`, { chainId: CHAIN })).toMatchObject({ next: null });
  });

  it('a declined card marks the purchase failed and pays nothing', async () => {
    const before = await devBalance();
    const declined = await pay(await urlFor({ provider: 'lantern-ramp' }), SANDBOX_DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(await devBalance()).toBe(before);
    const [item] = (await get(`/v1/account/${bob}/history`, { onramp: 'lantern-ramp' })).data;
    expect(item.metadata.status).toBe('failed');
  });

  it('webhooks: pending then completed; a bad signature, a stale timestamp and a replay are refused', async () => {
    const purchaseId = new URL(await urlFor()).searchParams.get('externalTransactionId')!;
    const now = Math.floor(Date.now() / 1000);
    const event = (id: string, status: string) =>
      JSON.stringify({
        id,
        type: 'transaction_updated',
        data: { externalTransactionId: purchaseId, status, walletAddress: bob, cryptoAmount: '39.4' },
      });
    const send = (raw: string, header: string) =>
      post('/v1/onramp/webhook/harbor-pay', raw, { 'x-onramp-signature': header });
    const pending = event('evt-1', 'pending');
    expect(await send(pending, webhookSignatureHeader('wrong-secret-0123456789', pending, now))).toEqual({
      status: 401,
      body: { message: 'Invalid signature' },
    });
    expect(await send(pending, webhookSignatureHeader(WEBHOOK_SECRET, pending, now - 600))).toEqual({
      status: 401,
      body: { message: 'Stale webhook' },
    });
    expect((await send(pending, 'v1=abc')).status).toBe(401);
    expect(await send(pending, webhookSignatureHeader(WEBHOOK_SECRET, pending, now))).toEqual({
      status: 200,
      body: { ok: true },
    });
    const statusOf = async () =>
      (await get(`/v1/account/${bob}/history`, { onramp: 'harbor-pay' })).data.find(
        (i: { id: string }) => i.id === purchaseId,
      )?.metadata.status;
    expect(await statusOf()).toBe('pending');
    // The same signed event again: refused, whatever it says.
    expect(await send(pending, webhookSignatureHeader(WEBHOOK_SECRET, pending, now))).toEqual({
      status: 409,
      body: { message: 'Webhook event already processed' },
    });
    const done = event('evt-2', 'completed');
    expect((await send(done, webhookSignatureHeader(WEBHOOK_SECRET, done, now))).status).toBe(200);
    expect(await statusOf()).toBe('confirmed');
    // A later 'pending' cannot move it back; an unknown purchase is refused.
    const late = event('evt-3', 'pending');
    await send(late, webhookSignatureHeader(WEBHOOK_SECRET, late, now));
    expect(await statusOf()).toBe('confirmed');
    const unknown = event('evt-4', 'completed').replace(purchaseId, '00000000-0000-0000-0000-000000000000');
    expect((await send(unknown, webhookSignatureHeader(WEBHOOK_SECRET, unknown, now))).status).toBe(404);
  });

  it('with the provider down: the built-in sample options and the mock quote (spec §8)', async () => {
    await sandbox.stop();
    const options = await get('/v1/onramp/options');
    expect(options.purchaseCurrencies).toEqual([
      expect.objectContaining({
        id: 'USDC',
        networks: [
          expect.objectContaining({ chain_id: 'eip155:1' }),
          expect.objectContaining({ chain_id: 'eip155:137' }),
        ],
      }),
    ]);
    expect(options.providers).toEqual([]);
    const { status, body } = await post('/v1/onramp/quote', {
      purchaseCurrency: 'DEV',
      paymentCurrency: 'EUR',
      amount: 50,
      network: CHAIN,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      quoteId: 'mocked-quote-id',
      paymentTotal: { amount: '50.00', currency: 'EUR' },
      purchaseAmount: { currency: 'DEV' },
    });
  });
});

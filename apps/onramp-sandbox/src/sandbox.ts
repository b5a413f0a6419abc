import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { createWalletClient, erc20Abi, http, parseUnits, publicActions, type Chain as ViemChain } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { partnerLogoSvg } from './logo.ts';

/**
 * The sandbox card provider of the dev stack, on its own origin. It speaks
 * the HTTP provider protocol the API's onramp providers use:
 * - `GET /v1/currencies?apiKey` → `{ purchaseCurrencies }` (the tokens it sells on each chain);
 * - `GET /v1/quote?apiKey&baseCurrencyCode&baseCurrencyAmount&currencyCode&network` → `{ cryptoAmount, fee, networkFee, subtotal, total, quoteId }`;
 * - `GET /logo/<partner id>.svg` → the partner's logo (an SVG served as an image: no script, `nosniff`);
 * - `GET /checkout?…&signature` → the hosted checkout page (the URL must carry the partner's HMAC signature);
 * - `POST /checkout` (the form) → with {@link SANDBOX_TEST_CARD}: webhook `pending`, then the purchased tokens are sent
 *   from the treasury key to `walletAddress` on the chain, then webhook `completed` with the transaction hash;
 *   with {@link SANDBOX_DECLINED_CARD}: webhook `failed`.
 * Webhooks: `POST <apiUrl>/v1/onramp/webhook/<partner id>?projectId=<projectId>`, header
 * `x-onramp-signature: t=<unix s>,v1=<hex HMAC-SHA256(webhookSecret, "<t>.<raw body>")>`.
 * Prices are a fixed dev table (USD; EUR = 1.08 USD). Dev chains only: the treasury key is a public anvil key.
 */

/** The card number that pays (a classic test number). */
export const SANDBOX_TEST_CARD = '4242424242424242';
/** The card number that is declined. */
export const SANDBOX_DECLINED_CARD = '4000000000000002';

/** A chain the sandbox pays out on: `tokens` maps a currency code to its ERC-20 (18 decimals) or `native`. */
export type SandboxChain = {
  caipNetworkId: `eip155:${number}`;
  rpcUrl: string;
  tokens: Record<string, `0x${string}` | 'native'>;
};

/** Options of {@link startOnrampSandbox}. */
export type OnrampSandboxOptions = {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Bind address, default 127.0.0.1. */
  host?: string;
  chains: SandboxChain[];
  /** The provider API's base URL (webhooks go to `<apiUrl>/v1/onramp/webhook/<partner id>`). */
  apiUrl: string;
  /** Project id put on the webhook URL (the API's guard needs one), default `airlock-dev`. */
  projectId?: string;
  /** Shared webhook secret (HMAC-SHA256). */
  webhookSecret: string;
  /** The partners' secret key that signs checkout URLs. */
  signingSecret: string;
  /** Partners by public key: their id in the API (webhook path) and fee in percent (1–2 in dev). */
  partners: Record<string, { id: string; feePercent: number }>;
  /** Private key of the funded account that pays out (anvil account 9 in dev). */
  treasuryKey: `0x${string}`;
  /** USD price per whole token by currency code; default DEV 2.5, USDD 1, USDC 1, ETH 3000. */
  prices?: Record<string, number>;
  /** Network fee in USD per purchase, default 0.50. */
  networkFeeUsd?: number;
  /** Timeout of each webhook call and chain wait, ms; default 10 000. */
  timeoutMs?: number;
  log?: (line: string) => void;
};

/** A running sandbox: its base URL (its origin) and `stop()`. */
export type OnrampSandbox = { url: string; stop: () => Promise<void> };

const FIAT_IN_USD: Record<string, number> = { USD: 1, EUR: 1.08 };

/**
 * Starts the sandbox provider.
 * @throws when the port is taken or an option is malformed.
 */
export async function startOnrampSandbox(options: OnrampSandboxOptions): Promise<OnrampSandbox> {
  const log = options.log ?? ((line: string) => console.log(line));
  const prices = { DEV: 2.5, USDD: 1, USDC: 1, ETH: 3000, ...options.prices };
  const networkFeeUsd = options.networkFeeUsd ?? 0.5;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const projectId = options.projectId ?? 'airlock-dev';
  const paid = new Set<string>();
  const account = privateKeyToAccount(options.treasuryKey);
  const wallets = new Map(
    options.chains.map((chain) => {
      const id = Number(chain.caipNetworkId.split(':')[1]);
      const viemChain: ViemChain = {
        id,
        name: chain.caipNetworkId,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      };
      return [
        chain.caipNetworkId,
        {
          chain,
          client: createWalletClient({
            account,
            chain: viemChain,
            transport: http(chain.rpcUrl, { timeout: timeoutMs }),
          }).extend(publicActions),
        },
      ];
    }),
  );

  /** A quote for `amount` of fiat `base`, buying `code`: fee = partner's percent of the amount, network fee fixed. */
  const quoteFor = (publicKey: string, base: string, amount: number, code: string) => {
    const partner = options.partners[publicKey];
    const fiat = FIAT_IN_USD[base.toUpperCase()];
    const price = prices[code as keyof typeof prices];
    if (!partner || !fiat || !price || !(amount > 0)) return undefined;
    const fee = (amount * partner.feePercent) / 100;
    const networkFee = networkFeeUsd / fiat;
    const subtotal = amount - fee - networkFee;
    if (subtotal <= 0) return undefined;
    const cryptoAmount = ((subtotal * fiat) / price).toFixed(6);
    return {
      cryptoAmount,
      fee: fee.toFixed(2),
      networkFee: networkFee.toFixed(2),
      subtotal: subtotal.toFixed(2),
      total: amount.toFixed(2),
      quoteId: randomUUID(),
      partner,
    };
  };

  const verifySignature = (search: string) => {
    const at = search.lastIndexOf('&signature=');
    if (at < 0) return false;
    const expected = createHmac('sha256', options.signingSecret).update(search.slice(0, at)).digest();
    const given = Buffer.from(search.slice(at + '&signature='.length), 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const webhook = async (partnerId: string, body: object) => {
    const raw = JSON.stringify({ id: randomUUID(), type: 'transaction_updated', ...body });
    const t = Math.floor(Date.now() / 1000);
    const signature = `t=${t},v1=${createHmac('sha256', options.webhookSecret).update(`${t}.${raw}`).digest('hex')}`;
    const response = await fetch(
      `${options.apiUrl.replace(/\/$/, '')}/v1/onramp/webhook/${encodeURIComponent(partnerId)}?projectId=${encodeURIComponent(projectId)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-onramp-signature': signature },
        body: raw,
        signal: AbortSignal.timeout(timeoutMs),
      },
    );
    if (!response.ok) throw new Error(`webhook answered ${response.status} ${await response.text()}`);
  };

  const app = new Hono();
  app.get('/v1/currencies', (c) => {
    if (!options.partners[c.req.query('apiKey') ?? '']) return c.json({ message: 'Invalid apiKey' }, 401);
    const codes = [...new Set(options.chains.flatMap((chain) => Object.keys(chain.tokens)))];
    return c.json({
      purchaseCurrencies: codes.map((code) => ({
        id: code,
        name: code,
        symbol: code,
        networks: options.chains
          .filter((chain) => chain.tokens[code])
          .map((chain) => ({
            name: chain.caipNetworkId,
            display_name: `Anvil ${chain.caipNetworkId.split(':')[1]}`,
            chain_id: chain.caipNetworkId,
            contract_address: chain.tokens[code] === 'native' ? '' : chain.tokens[code]!,
          })),
      })),
    });
  });

  app.get('/logo/:file', (c) => {
    const id = /^([a-z0-9-]{1,32})\.svg$/.exec(c.req.param('file'))?.[1];
    if (!id || !Object.values(options.partners).some((p) => p.id === id)) return c.text('Not found', 404);
    return c.body(partnerLogoSvg(id), 200, {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'cross-origin-resource-policy': 'cross-origin',
    });
  });

  app.get('/v1/quote', (c) => {
    const q = c.req.query();
    const chain = options.chains.find((ch) => ch.caipNetworkId === q.network);
    if (!options.partners[q.apiKey ?? '']) return c.json({ message: 'Invalid apiKey' }, 401);
    const quote = chain?.tokens[q.currencyCode ?? '']
      ? quoteFor(q.apiKey!, q.baseCurrencyCode ?? '', Number(q.baseCurrencyAmount), q.currencyCode!)
      : undefined;
    if (!quote) return c.json({ message: 'Unsupported currency, network or amount' }, 400);
    const { partner: _partner, ...body } = quote;
    return c.json(body);
  });

  app.get('/checkout', (c) => {
    const search = new URL(c.req.url).search;
    if (!verifySignature(search))
      return c.html(
        page(
          'Invalid signature',
          '<p data-testid="sandbox-error">This checkout link is not signed by the partner.</p>',
        ),
        403,
      );
    const q = c.req.query();
    const amount = q.baseCurrencyAmount ?? '50.00';
    const hidden = `<input type="hidden" name="query" value="${escapeHtml(search)}">`;
    return c.html(
      page(
        'Sandbox checkout',
        `<p>Buy <strong>${escapeHtml(q.destinationCurrencyCode ?? '')}</strong> on ${escapeHtml(q.network ?? '')} for <code>${escapeHtml(q.walletAddress ?? '')}</code></p>
<form method="post" action="/checkout">${hidden}
<label>Amount (${escapeHtml(q.baseCurrencyCode ?? 'USD')}) <input name="amount" value="${escapeHtml(amount)}" inputmode="decimal"></label>
<label>Card number <input name="card" autocomplete="cc-number" placeholder="${SANDBOX_TEST_CARD}"></label>
<label>Expiry <input name="expiry" placeholder="12/34"></label>
<label>CVC <input name="cvc" placeholder="123"></label>
<button type="submit">Pay</button></form>
<p>Test card ${SANDBOX_TEST_CARD} pays; ${SANDBOX_DECLINED_CARD} is declined.</p>`,
      ),
    );
  });

  app.post('/checkout', async (c) => {
    const form = await c.req.parseBody();
    const search = String(form.query ?? '');
    if (!verifySignature(search))
      return c.html(
        page(
          'Invalid signature',
          '<p data-testid="sandbox-error">This checkout link is not signed by the partner.</p>',
        ),
        403,
      );
    const q = Object.fromEntries(new URLSearchParams(search));
    const purchaseId = q.externalTransactionId ?? '';
    const wallet = wallets.get((q.network ?? '') as SandboxChain['caipNetworkId']);
    const token = wallet?.chain.tokens[q.destinationCurrencyCode ?? ''];
    const quote = quoteFor(
      q.publicKey ?? '',
      q.baseCurrencyCode ?? 'USD',
      Number(form.amount),
      q.destinationCurrencyCode ?? '',
    );
    if (!wallet || !token || !quote || !/^0x[0-9a-fA-F]{40}$/.test(q.walletAddress ?? '')) {
      return c.html(
        page('Checkout failed', '<p data-testid="sandbox-error">Unsupported currency, network or amount.</p>'),
        400,
      );
    }
    if (paid.has(purchaseId))
      return c.html(page('Already paid', '<p data-testid="sandbox-error">This purchase was already paid.</p>'), 409);
    const card = String(form.card ?? '').replace(/\s+/g, '');
    const base = {
      data: { externalTransactionId: purchaseId, walletAddress: q.walletAddress, cryptoAmount: quote.cryptoAmount },
    };
    if (card !== SANDBOX_TEST_CARD) {
      await webhook(quote.partner.id, { data: { ...base.data, status: 'failed' } }).catch((error: Error) =>
        log(`[onramp-sandbox] webhook failed: ${error.message}`),
      );
      return c.html(page('Card declined', '<p data-testid="sandbox-declined">The card was declined.</p>'), 402);
    }
    paid.add(purchaseId);
    try {
      await webhook(quote.partner.id, { data: { ...base.data, status: 'pending' } });
      const to = q.walletAddress as `0x${string}`;
      const value = parseUnits(quote.cryptoAmount, 18);
      const hash =
        token === 'native'
          ? await wallet.client.sendTransaction({ to, value })
          : await wallet.client.writeContract({
              address: token,
              abi: erc20Abi,
              functionName: 'transfer',
              args: [to, value],
            });
      const receipt = await wallet.client.waitForTransactionReceipt({ hash, timeout: timeoutMs });
      if (receipt.status !== 'success') throw new Error(`payout ${hash} reverted`);
      await webhook(quote.partner.id, { data: { ...base.data, status: 'completed', txHash: hash } });
      return c.html(
        page(
          'Payment complete',
          `<p data-testid="sandbox-complete">Sent ${quote.cryptoAmount} ${escapeHtml(q.destinationCurrencyCode!)} to ${escapeHtml(to)}.</p><p>Transaction <code>${hash}</code>. You can close this window.</p>`,
        ),
      );
    } catch (error) {
      log(`[onramp-sandbox] purchase ${purchaseId} failed: ${(error as Error).message}`);
      return c.html(
        page('Checkout failed', `<p data-testid="sandbox-error">${escapeHtml((error as Error).message)}</p>`),
        502,
      );
    }
  });

  const host = options.host ?? '127.0.0.1';
  let server: ServerType | undefined;
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server = serve({ fetch: app.fetch, port: options.port, hostname: host }, resolve);
    server.once('error', reject);
  });
  const url = `http://${host}:${address.port}`;
  return {
    url,
    stop: async () => {
      const s = server;
      if (!s) return;
      server = undefined;
      const closed = new Promise<void>((resolve) => s.close(() => resolve()));
      if ('closeAllConnections' in s) s.closeAllConnections();
      await closed;
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui;max-width:28rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.6rem 0}input{display:block;width:100%;padding:.4rem}button{margin-top:1rem;padding:.5rem 1.5rem}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

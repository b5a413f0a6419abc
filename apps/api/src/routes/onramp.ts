import { Hono } from 'hono';
import { z } from 'zod/mini';
import { CaipNetworkIdSchema, isEvmAddress, isSolanaAddress, Message } from '@airlock/protocol';
import { readJson } from '../http/body.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import type { AppEnv } from '../http/guard.ts';
import {
  applyOnrampWebhook,
  createOnrampUrl,
  onrampHistory,
  onrampOptions,
  onrampQuote,
  type OnrampDeps,
} from '../onramp/service.ts';
import { EvmAddressSchema } from './blockchain.ts';

/** A currency given as its id or as the spec §3 object carrying `id`. */
const CurrencyRefSchema = z.union([
  z.string().check(z.minLength(1)).check(z.maxLength(16)),
  z.pipe(
    z.object({ id: z.string().check(z.minLength(1)).check(z.maxLength(16)) }),
    z.transform((c) => c.id),
  ),
]);

/** Body of POST /v1/onramp/quote (spec §7): `purchaseCurrency`, `paymentCurrency` (USD or EUR), `amount` (fiat), `network` (CAIP-2); optional `provider` id. */
export const OnrampQuoteBodySchema = z.object({
  purchaseCurrency: CurrencyRefSchema,
  paymentCurrency: CurrencyRefSchema,
  amount: z.coerce.number().check(z.positive()),
  network: CaipNetworkIdSchema,
  provider: z.optional(z.string().check(z.maxLength(32))),
});

/**
 * Body of POST /v1/generators/onrampurl (spec §7): `destinationWallets`
 * (`[{ address, blockchains?, assets? }]`, the first is used; `assets[0]` the
 * currency to buy), `defaultNetwork` (CAIP-2), `partnerUserId` (becomes
 * `externalCustomerId`), `defaultExperience` `buy`, optional
 * `presetFiatAmount` / `presetCryptoAmount`; extensions: `provider` (id,
 * default the first configured), `paymentCurrency` (default USD).
 */
export const OnrampUrlBodySchema = z.object({
  destinationWallets: z
    .array(
      z.object({
        address: z.string().check(z.minLength(1)).check(z.maxLength(128)),
        blockchains: z.optional(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(20))),
        assets: z.optional(z.array(z.string().check(z.minLength(1)).check(z.maxLength(16))).check(z.maxLength(20))),
      }),
    )
    .check(z.minLength(1))
    .check(z.maxLength(10)),
  defaultNetwork: CaipNetworkIdSchema,
  partnerUserId: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  defaultExperience: z._default(z.literal('buy'), 'buy'),
  presetCryptoAmount: z.optional(z.coerce.number().check(z.positive())),
  presetFiatAmount: z.optional(z.coerce.number().check(z.positive())),
  provider: z.optional(z.string().check(z.maxLength(32))),
  paymentCurrency: z._default(z.string().check(z.regex(/^[A-Za-z]{3}$/)), 'USD'),
});

/**
 * The onramp calls of spec §7 plus the providers' webhook:
 * - `GET /v1/onramp/options` → `{ purchaseCurrencies, paymentCurrencies, providers }` (sample options when providers fail);
 * - `POST /v1/onramp/quote` → the quote (mock `mocked-quote-id` when quoting fails), 400 outside the spec §9 limits;
 * - `POST /v1/generators/onrampurl` → `{ url, purchaseId }` (the signed checkout URL; the purchase is stored
 *   under `purchaseId`, which its history item carries as `id`);
 * - `POST /v1/onramp/webhook/{provider}` (server to server, signed; see `applyOnrampWebhook`) → `{ ok: true }`;
 * - `GET /v1/account/{address}/history?onramp=<provider id | all>` → the purchases as history items
 *   (`{ data, next: null }`); without `onramp` the request goes on to the chain history.
 */
export function onrampRoutes(deps: OnrampDeps & { now: () => number; publicUrl?: string }): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/v1/onramp/options', async (c) => c.json(await onrampOptions(deps)));

  app.post('/v1/onramp/quote', async (c) => {
    const body = parseInput(OnrampQuoteBodySchema, await readJson(c.req.raw));
    return c.json(await onrampQuote(deps, { ...body, providerId: body.provider }));
  });

  app.post('/v1/generators/onrampurl', async (c) => {
    const body = parseInput(OnrampUrlBodySchema, await readJson(c.req.raw));
    const [wallet] = body.destinationWallets;
    const solana = body.defaultNetwork.startsWith('solana:');
    if (solana ? !isSolanaAddress(wallet!.address) : !isEvmAddress(wallet!.address))
      throw new ApiError(400, `destinationWallets.0.address: ${Message.InvalidAddress}`);
    const address = solana || wallet!.address.startsWith('0x') ? wallet!.address : `0x${wallet!.address}`;
    const { url, purchaseId } = await createOnrampUrl(deps, {
      projectId: c.get('project').id,
      providerId: body.provider,
      address,
      network: body.defaultNetwork,
      asset: wallet!.assets?.[0],
      partnerUserId: body.partnerUserId,
      paymentCurrency: body.paymentCurrency,
      paymentAmount: body.presetFiatAmount,
      cryptoAmount: body.presetCryptoAmount,
    });
    return c.json({ url, purchaseId });
  });

  app.post('/v1/onramp/webhook/:provider', async (c) => {
    const raw = await c.req.text();
    await applyOnrampWebhook(
      deps,
      c.req.param('provider'),
      raw,
      c.req.header('x-onramp-signature'),
      Math.floor(deps.now() / 1000),
    );
    return c.json({ ok: true });
  });

  app.get('/v1/account/:account/history', async (c, next) => {
    const onramp = c.req.query('onramp');
    if (!onramp) return next();
    if (onramp.length > 64) throw new ApiError(400, 'onramp: Invalid input');
    const address = parseInput(EvmAddressSchema, c.req.param('account'));
    const base = deps.publicUrl ?? new URL(c.req.url).origin;
    const projectId = encodeURIComponent(c.get('project').id);
    const iconUrl = (symbol: string) =>
      `${base}/public/getTokenImage/${encodeURIComponent(symbol)}?projectId=${projectId}`;
    return c.json({ data: await onrampHistory(deps.db, address, onramp, iconUrl), next: null });
  });

  return app;
}

import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Onramp purchases (created by `migrations/0002_names_onramp.sql`): one row per
 * checkout URL the API generated; `status` `created` (URL handed out),
 * `pending` (the provider took the payment), `completed` or `failed` (from the
 * provider's webhooks). `address` lowercase; amounts decimal strings.
 */
export const onrampPurchases = pgTable('onramp_purchases', {
  id: text('id').primaryKey(),
  projectId: text('project_id').notNull(),
  provider: text('provider').notNull(),
  address: text('address').notNull(),
  caipNetworkId: text('caip_network_id').notNull(),
  purchaseCurrency: text('purchase_currency').notNull(),
  paymentCurrency: text('payment_currency').notNull(),
  paymentAmount: text('payment_amount'),
  purchaseAmount: text('purchase_amount'),
  status: text('status').$type<'created' | 'pending' | 'completed' | 'failed'>().notNull(),
  txHash: text('tx_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Webhook event ids already processed, per provider (replay protection). */
export const onrampWebhookEvents = pgTable(
  'onramp_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

import {
  bigint,
  bigserial,
  boolean,
  customType,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Drizzle table definitions. The SQL in `apps/api/migrations/*.sql` creates
 * them; keep both in step (a new migration file per change, never edit an
 * applied one).
 *
 * Addresses are stored lowercase `0x…` (40 hex); amounts as `numeric(78,0)`
 * strings in the token's smallest unit (wei for native).
 */

/** `bytea` as a Uint8Array (PGlite returns Uint8Array, node-postgres a Buffer, which is one). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Per-project token bucket override: `capacity` tokens (burst), refilled at
 * `refillPerSecond` tokens per second.
 */
export type RateLimitConfig = { capacity: number; refillPerSecond: number };

/** Projects (spec §1 operator configuration, §5 allowed origins). */
export const projects = pgTable('projects', {
  /** The project id dapps pass as `projectId`. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Origin patterns with wildcards (`https://*.example.com`, `http://localhost:*`), spec §5. */
  allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull().default([]),
  /** Remote feature flags (spec §1), merged over the server defaults. */
  features: jsonb('features').$type<Record<string, unknown>>().notNull().default({}),
  /** Optional token bucket of each client (IP) of this project, null = the server's per-client default. */
  rateLimit: jsonb('rate_limit').$type<RateLimitConfig | null>(),
  /** Embedded wallet: also accept the spec §6 shared dev hosts (localhost, pages.dev, vercel.app, ngrok); see docs/threat-model.md. */
  embeddedDevHosts: boolean('embedded_dev_hosts').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Wallet registry, spec §3 'Wallet listing'. */
export const wallets = pgTable('wallets', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  imageId: text('image_id').notNull(),
  rdns: text('rdns'),
  mobileLink: text('mobile_link'),
  desktopLink: text('desktop_link'),
  webappLink: text('webapp_link'),
  /** CAIP-2 network ids the wallet supports. */
  chains: jsonb('chains').$type<string[]>().notNull().default([]),
  /** `none` or `certified` (the `badge_type` filter of /getWallets). */
  badgeType: text('badge_type').notNull().default('none'),
  /** Listing order, ascending. */
  rank: integer('rank').notNull().default(0),
});

/** Image blobs served by the image endpoints; `kind` is `wallet`, `asset`, `currency` or `token`. */
export const images = pgTable(
  'images',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);

/** Token contracts the indexer has seen (metadata read once from the chain). */
export const tokens = pgTable(
  'tokens',
  {
    caipNetworkId: text('caip_network_id').notNull(),
    address: text('address').notNull(),
    /** `erc20` or `erc721` (told apart by the Transfer log's topic count). */
    standard: text('standard').notNull(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    /** ERC-20 decimals; 0 for ERC-721. */
    decimals: integer('decimals').notNull(),
  },
  (t) => [primaryKey({ columns: [t.caipNetworkId, t.address] })],
);

/** The last block indexed per chain (the indexer resumes from here after a restart). */
export const indexerCursors = pgTable('indexer_cursors', {
  caipNetworkId: text('caip_network_id').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Indexed block headers (number, hash, parent hash) used for reorg detection. */
export const blocks = pgTable(
  'blocks',
  {
    caipNetworkId: text('caip_network_id').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    parentHash: text('parent_hash').notNull(),
    /** Block timestamp, seconds since the epoch. */
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.caipNetworkId, t.number] })],
);

/** Transactions that carry at least one recorded transfer. */
export const transactions = pgTable(
  'transactions',
  {
    caipNetworkId: text('caip_network_id').notNull(),
    hash: text('hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    txIndex: integer('tx_index').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address'),
    nonce: integer('nonce').notNull(),
    /** `confirmed` or `failed` (receipt status). */
    status: text('status').notNull(),
    /** Block timestamp, seconds since the epoch. */
    minedAt: bigint('mined_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.caipNetworkId, t.hash] })],
);

/** Native value transfers (`log_index` -1) and ERC-20 / ERC-721 Transfer logs. */
export const transfers = pgTable(
  'transfers',
  {
    caipNetworkId: text('caip_network_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    /** `native`, `erc20` or `erc721`. */
    kind: text('kind').notNull(),
    /** Token contract (lowercase), null for native. */
    tokenAddress: text('token_address'),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** Smallest units (wei / token base units); 1 for an ERC-721 token. */
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    /** ERC-721 token id, null otherwise. */
    tokenId: numeric('token_id', { precision: 78, scale: 0 }),
  },
  (t) => [primaryKey({ columns: [t.caipNetworkId, t.txHash, t.logIndex] })],
);

/** Analytics events from POST /e (spec §3 'Analytics event', §7). */
export const analyticsEvents = pgTable('analytics_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  projectId: text('project_id').notNull(),
  eventId: text('event_id').notNull(),
  url: text('url').notNull(),
  domain: text('domain').notNull(),
  /** Client timestamp, ms since the epoch. */
  timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
  props: jsonb('props').$type<Record<string, unknown>>().notNull().default({}),
  origin: text('origin'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every table, for `drizzle(client, { schema })`. */
export const schema = {
  projects,
  wallets,
  images,
  tokens,
  indexerCursors,
  blocks,
  transactions,
  transfers,
  analyticsEvents,
};

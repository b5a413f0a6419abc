-- Airlock provider API: initial schema.
-- Statements are separated by the marker line below; the runner in
-- src/db/migrate.ts applies each file once, in name order, inside a transaction.

CREATE TABLE projects (
  id text PRIMARY KEY,
  name text NOT NULL,
  allowed_origins jsonb NOT NULL DEFAULT '[]'::jsonb,
  features jsonb NOT NULL DEFAULT '{}'::jsonb,
  rate_limit jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE wallets (
  id text PRIMARY KEY,
  name text NOT NULL,
  image_id text NOT NULL,
  rdns text,
  mobile_link text,
  desktop_link text,
  webapp_link text,
  chains jsonb NOT NULL DEFAULT '[]'::jsonb,
  badge_type text NOT NULL DEFAULT 'none',
  rank integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE TABLE images (
  kind text NOT NULL,
  id text NOT NULL,
  content_type text NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (kind, id)
);
--> statement-breakpoint
CREATE TABLE tokens (
  caip_network_id text NOT NULL,
  address text NOT NULL,
  standard text NOT NULL,
  name text NOT NULL,
  symbol text NOT NULL,
  decimals integer NOT NULL,
  PRIMARY KEY (caip_network_id, address)
);
--> statement-breakpoint
CREATE TABLE indexer_cursors (
  caip_network_id text PRIMARY KEY,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE blocks (
  caip_network_id text NOT NULL,
  number bigint NOT NULL,
  hash text NOT NULL,
  parent_hash text NOT NULL,
  timestamp bigint NOT NULL,
  PRIMARY KEY (caip_network_id, number)
);
--> statement-breakpoint
CREATE TABLE transactions (
  caip_network_id text NOT NULL,
  hash text NOT NULL,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  tx_index integer NOT NULL,
  from_address text NOT NULL,
  to_address text,
  nonce integer NOT NULL,
  status text NOT NULL,
  mined_at bigint NOT NULL,
  PRIMARY KEY (caip_network_id, hash)
);
--> statement-breakpoint
CREATE TABLE transfers (
  caip_network_id text NOT NULL,
  tx_hash text NOT NULL,
  log_index integer NOT NULL,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  kind text NOT NULL,
  token_address text,
  from_address text NOT NULL,
  to_address text NOT NULL,
  amount numeric(78, 0) NOT NULL,
  token_id numeric(78, 0),
  PRIMARY KEY (caip_network_id, tx_hash, log_index)
);
--> statement-breakpoint
CREATE INDEX transfers_from_idx ON transfers (from_address);
--> statement-breakpoint
CREATE INDEX transfers_to_idx ON transfers (to_address);
--> statement-breakpoint
CREATE INDEX transactions_order_idx ON transactions (mined_at DESC, caip_network_id, block_number DESC, tx_index DESC);
--> statement-breakpoint
CREATE TABLE analytics_events (
  id bigserial PRIMARY KEY,
  project_id text NOT NULL,
  event_id text NOT NULL,
  url text NOT NULL,
  domain text NOT NULL,
  timestamp bigint NOT NULL,
  props jsonb NOT NULL DEFAULT '{}'::jsonb,
  origin text,
  received_at timestamptz NOT NULL DEFAULT now()
);

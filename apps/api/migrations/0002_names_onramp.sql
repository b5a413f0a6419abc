-- Account names (spec §7 /v1/profile/*) and onramp purchases (spec §7 /v1/onramp/*,
-- /v1/generators/onrampurl). Tables defined for drizzle in src/profile/tables.ts and
-- src/onramp/tables.ts.

CREATE TABLE account_names (
  name text PRIMARY KEY,
  zone text NOT NULL,
  address text NOT NULL,
  coin_type bigint NOT NULL,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX account_names_address ON account_names (address, created_at);
--> statement-breakpoint
CREATE TABLE onramp_purchases (
  id text PRIMARY KEY,
  project_id text NOT NULL,
  provider text NOT NULL,
  address text NOT NULL,
  caip_network_id text NOT NULL,
  purchase_currency text NOT NULL,
  payment_currency text NOT NULL,
  payment_amount text,
  purchase_amount text,
  status text NOT NULL,
  tx_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX onramp_purchases_address ON onramp_purchases (address, created_at);
--> statement-breakpoint
CREATE TABLE onramp_webhook_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

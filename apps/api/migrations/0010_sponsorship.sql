-- Gas sponsorship (ERC-7677, apps/api/src/sponsorship): the operator's policy per project, set with the CLI
-- (`sponsorship set`), and the gas each user (a smart account, the user operation's sender) had sponsored
-- per chain and UTC day, which the per-user daily limit is checked against.

-- One policy per project; no row = no sponsorship. `daily_gas_limit` in gas units per sender, chain and
-- UTC day; `allowed_targets` lower-case contract addresses the operation may call, NULL = any.
CREATE TABLE sponsorship_policies (
  project_id text PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  enabled boolean NOT NULL,
  daily_gas_limit numeric(78, 0) NOT NULL CHECK (daily_gas_limit >= 0),
  allowed_targets text[],
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Gas granted (the sum of every gas limit of each signed operation: the most it may cost), per sender,
-- chain and UTC day. Taken in one statement that checks the limit, so concurrent requests never together
-- exceed it.
CREATE TABLE sponsorship_usage (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  caip_network_id text NOT NULL,
  sender text NOT NULL,
  day date NOT NULL,
  gas numeric(78, 0) NOT NULL,
  PRIMARY KEY (project_id, caip_network_id, sender, day)
);
--> statement-breakpoint
CREATE INDEX sponsorship_usage_day ON sponsorship_usage (day);

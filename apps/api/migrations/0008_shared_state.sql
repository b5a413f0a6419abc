-- State every API instance over this database shares (docs/deploy.md "Several API instances"):
-- the rate-limit token buckets, and the DPoP proof ids seen (replay detection). Both were held in
-- one process's memory before, so behind a load balancer each instance handed out its own limits
-- and a proof replayed to another instance was accepted.

-- One token bucket per key (`ip:<client>`, `client:<project>\n<client>`, `embedded-email:<address>`, …).
-- Times in ms since the epoch. A row whose bucket has refilled (`full_at` passed) is the same as no
-- row, and is deleted by the periodic sweep.
CREATE TABLE airlock_rate_buckets (
  key text PRIMARY KEY,
  tokens double precision NOT NULL,
  at double precision NOT NULL,
  capacity double precision NOT NULL,
  refill_per_second double precision NOT NULL,
  taken boolean NOT NULL,
  full_at double precision NOT NULL
);
--> statement-breakpoint
CREATE INDEX airlock_rate_buckets_full_at ON airlock_rate_buckets (full_at);
--> statement-breakpoint
-- DPoP proof ids (`jti`, RFC 9449 §11.1) seen while the proof is still acceptable; a second use is a replay.
CREATE TABLE embedded_dpop_proofs (
  jti text PRIMARY KEY,
  expires_at double precision NOT NULL
);
--> statement-breakpoint
CREATE INDEX embedded_dpop_proofs_expires_at ON embedded_dpop_proofs (expires_at);
--> statement-breakpoint
-- Which API instance indexes a chain (docs/deploy.md "Several API instances"): one holder per chain
-- at a time, renewed at every pass, taken over once `until` (ms since the epoch) has passed.
CREATE TABLE indexer_leases (
  caip_network_id text PRIMARY KEY,
  holder text NOT NULL,
  until double precision NOT NULL
);

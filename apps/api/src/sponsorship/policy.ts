import { sql } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Db } from '../db/client.ts';

/**
 * A project's gas sponsorship policy (table `sponsorship_policies`, migration 0010), set by the operator with
 * the CLI (`sponsorship set`). A project without one gets no sponsorship.
 */
export type SponsorshipPolicy = {
  projectId: string;
  /** Off = every request is answered without sponsorship. */
  enabled: boolean;
  /** Most gas units sponsored per user (the operation's sender), chain and UTC day. */
  dailyGasLimit: bigint;
  /** Lower-case contract addresses an operation may call to be sponsored; null = any. */
  allowedTargets: `0x${string}`[] | null;
};

const AddressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, { error: 'Invalid address' }));

/** What the CLI may set: `dailyGasLimit` a whole number of gas units as a decimal string, targets addresses or null (any). */
export const PolicyInputSchema = z.object({
  projectId: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  enabled: z.boolean(),
  dailyGasLimit: z.string().check(z.regex(/^\d{1,30}$/, { error: 'Expected a whole number of gas units' })),
  allowedTargets: z.nullable(z.array(AddressSchema).check(z.maxLength(1000))),
});

type Rows<T> = { rows: T[] };

/**
 * Creates or replaces a project's policy.
 * @throws a ZodError on bad input; the database's error when the project does not exist (foreign key)
 */
export async function setSponsorshipPolicy(
  db: Db,
  input: z.input<typeof PolicyInputSchema>,
): Promise<SponsorshipPolicy> {
  const p = PolicyInputSchema.parse(input);
  const targets = p.allowedTargets ? [...new Set(p.allowedTargets.map((t) => t.toLowerCase()))] : null;
  await db.execute(sql`
    INSERT INTO sponsorship_policies (project_id, enabled, daily_gas_limit, allowed_targets, updated_at)
    VALUES (${p.projectId}, ${p.enabled}, ${p.dailyGasLimit}::numeric,
            ${
              targets === null
                ? null
                : sql`ARRAY[${sql.join(
                    targets.map((t) => sql`${t}`),
                    sql`, `,
                  )}]::text[]`
            }, now())
    ON CONFLICT (project_id) DO UPDATE SET
      enabled = EXCLUDED.enabled,
      daily_gas_limit = EXCLUDED.daily_gas_limit,
      allowed_targets = EXCLUDED.allowed_targets,
      updated_at = now()
  `);
  return (await getSponsorshipPolicy(db, p.projectId))!;
}

/**
 * Creates a project's policy unless it has one (seeding: an operator's later change survives a restart).
 * @throws as {@link setSponsorshipPolicy}
 */
export async function insertSponsorshipPolicyIfMissing(
  db: Db,
  input: z.input<typeof PolicyInputSchema>,
): Promise<void> {
  const p = PolicyInputSchema.parse(input);
  if (await getSponsorshipPolicy(db, p.projectId)) return;
  await setSponsorshipPolicy(db, p);
}

/** A project's policy, or null when it has none (no sponsorship). */
export async function getSponsorshipPolicy(db: Db, projectId: string): Promise<SponsorshipPolicy | null> {
  const result = (await db.execute(sql`
    SELECT project_id, enabled, daily_gas_limit::text AS daily_gas_limit, allowed_targets
    FROM sponsorship_policies WHERE project_id = ${projectId}
  `)) as unknown as Rows<{
    project_id: string;
    enabled: boolean;
    daily_gas_limit: string;
    allowed_targets: string[] | string | null;
  }>;
  const row = result.rows[0];
  if (!row) return null;
  return {
    projectId: row.project_id,
    enabled: row.enabled,
    dailyGasLimit: BigInt(row.daily_gas_limit),
    allowedTargets: parseTextArray(row.allowed_targets) as `0x${string}`[] | null,
  };
}

/** A text[] as the driver returns it: an array (pg, PGlite) or its literal `{a,b}`. */
function parseTextArray(value: string[] | string | null): string[] | null {
  if (value === null) return null;
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',') : [];
}

/** Removes a project's policy (no sponsorship from then on). @returns whether there was one. */
export async function removeSponsorshipPolicy(db: Db, projectId: string): Promise<boolean> {
  const result = (await db.execute(
    sql`DELETE FROM sponsorship_policies WHERE project_id = ${projectId} RETURNING project_id`,
  )) as unknown as Rows<unknown>;
  return result.rows.length > 0;
}

/** The UTC day of `ms` as `YYYY-MM-DD` (the usage rows' day). */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Whom a sponsorship counts against: the project, the chain (CAIP-2), the user operation's sender, the UTC day. */
export type UsageKey = { projectId: string; caipNetworkId: string; sender: string; day: string };

/**
 * Gas already sponsored for `key`.
 * @returns gas units (0 when none)
 */
export async function sponsoredGas(db: Db, key: UsageKey): Promise<bigint> {
  const result = (await db.execute(sql`
    SELECT gas::text AS gas FROM sponsorship_usage
    WHERE project_id = ${key.projectId} AND caip_network_id = ${key.caipNetworkId}
      AND sender = ${key.sender.toLowerCase()} AND day = ${key.day}::date
  `)) as unknown as Rows<{ gas: string }>;
  return BigInt(result.rows[0]?.gas ?? '0');
}

/**
 * Adds `gas` to the usage of `key` if the total stays within `limit`, in one statement: the row is
 * locked while it is checked and updated, so concurrent reservations on any instance never together
 * exceed the limit.
 * @returns true when reserved, false when it would exceed `limit` (nothing changes)
 */
export async function reserveSponsoredGas(db: Db, key: UsageKey, gas: bigint, limit: bigint): Promise<boolean> {
  const amount = sql`${gas.toString()}::numeric`;
  const max = sql`${limit.toString()}::numeric`;
  const result = (await db.execute(sql`
    INSERT INTO sponsorship_usage AS u (project_id, caip_network_id, sender, day, gas)
    SELECT ${key.projectId}, ${key.caipNetworkId}, ${key.sender.toLowerCase()}, ${key.day}::date, ${amount}
    WHERE ${amount} <= ${max}
    ON CONFLICT (project_id, caip_network_id, sender, day) DO UPDATE SET gas = u.gas + EXCLUDED.gas
    WHERE u.gas + EXCLUDED.gas <= ${max}
    RETURNING gas
  `)) as unknown as Rows<unknown>;
  return result.rows.length > 0;
}

/** Deletes usage rows older than `beforeDay` (`YYYY-MM-DD`). @returns how many. */
export async function pruneSponsoredGas(db: Db, beforeDay: string): Promise<number> {
  const result = (await db.execute(
    sql`DELETE FROM sponsorship_usage WHERE day < ${beforeDay}::date RETURNING 1`,
  )) as unknown as Rows<unknown>;
  return result.rows.length;
}

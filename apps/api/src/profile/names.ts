import { asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Chain } from '../chains.ts';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import { accountNames } from './tables.ts';

/** Messages of the name calls. */
export const NameMessage = {
  /** 400, the spec §5 account-name rule. */
  InvalidName: 'Account name: letters, digits, hyphens only, at least 4 characters',
  /** 400, the name's zone is not one this deployment registers. */
  ZoneUnsupported: 'Zone not supported',
  /** 404 on GET /v1/profile/account/{name}. */
  NotFound: 'Name not found',
  /** 409, someone else holds the name. */
  Taken: 'Name already taken',
  /** 400, the signature is not the address's (EOA or ERC-1271). */
  BadSignature: 'Invalid signature',
  /** 400, the signed timestamp is too old or in the future. */
  Stale: 'Message timestamp out of range',
  /** 400, the coin type names no EVM chain: neither 60 nor `0x80000000 | chainId` with a chain id (spec §5 text). */
  InvalidChainId: 'Invalid chainId',
  /** 400, the coin type's chain is not served (spec §8 text). */
  NetworkNotFound: 'Network not found',
  /** 400, the message is not the register-name JSON. */
  BadMessage: 'message: Expected JSON { name, attributes: {}, timestamp }',
} as const;

/** A name label (spec §5): letters, digits, hyphens only, at least 4 characters (at most 63, one DNS label). */
export const NAME_LABEL = /^[a-zA-Z0-9-]{4,63}$/;
/** How far a register message's timestamp may lie behind the server clock, in seconds. */
export const MAX_MESSAGE_AGE_SECONDS = 600;
/** How far it may lie ahead (clock skew), in seconds. */
export const MAX_MESSAGE_SKEW_SECONDS = 60;

/** A registered name as the profile calls return it: times in seconds since the epoch, `addresses` keyed by coin type. */
export type NameProfile = {
  name: string;
  registered: number;
  updated: number;
  addresses: Record<string, { address: string; created: number }>;
  attributes: Record<string, string>;
};

/** The register-name message (spec §7): JSON with `name`, empty `attributes` and `timestamp` in seconds. */
export const RegisterMessageSchema = z.strictObject({
  name: z.string().check(z.maxLength(300)),
  attributes: z.strictObject({}),
  timestamp: z.int().check(z.positive()),
});

/**
 * Splits `name` into label and zone and checks both (spec §5 rule; `zones`
 * without leading dots, e.g. `reown.id`). Lowercases.
 * @throws ApiError 400 InvalidName / ZoneUnsupported.
 */
export function parseName(name: string, zones: readonly string[]): { name: string; label: string; zone: string } {
  const lower = name.toLowerCase();
  const zone = zones.find((z) => lower.endsWith(`.${z}`));
  if (!zone) throw new ApiError(400, lower.includes('.') ? NameMessage.ZoneUnsupported : NameMessage.InvalidName);
  const label = lower.slice(0, -zone.length - 1);
  if (!NAME_LABEL.test(label)) throw new ApiError(400, NameMessage.InvalidName);
  return { name: lower, label, zone };
}

/**
 * ENSIP-11 coin type → EVM chain id: 60 is Ethereum mainnet (1), otherwise
 * `0x80000000 | chainId`. @returns undefined for any other value.
 */
export function chainIdOfCoinType(coinType: number): number | undefined {
  if (coinType === 60) return 1;
  if (coinType >= 0x80000000 && coinType < 0x100000000) return coinType - 0x80000000 || undefined;
  return undefined;
}

const toProfile = (rows: (typeof accountNames.$inferSelect)[]): NameProfile[] =>
  rows.map((r) => {
    const created = Math.floor(r.createdAt.getTime() / 1000);
    return {
      name: r.name,
      registered: created,
      updated: created,
      addresses: { [String(r.coinType)]: { address: r.address, created } },
      attributes: r.attributes,
    };
  });

/** The profile of `name` (lowercased), or undefined. */
export async function getName(db: Db, name: string): Promise<NameProfile | undefined> {
  return toProfile(await db.select().from(accountNames).where(eq(accountNames.name, name.toLowerCase())))[0];
}

/** Every name registered to `address` (any case), oldest first; the first is the address's primary name. */
export async function namesOf(db: Db, address: string): Promise<NameProfile[]> {
  return toProfile(
    await db
      .select()
      .from(accountNames)
      .where(eq(accountNames.address, address.toLowerCase()))
      .orderBy(asc(accountNames.createdAt), asc(accountNames.name)),
  );
}

/** Words a suggestion puts before the label (`the-alice`). */
const SUGGESTION_PREFIXES = ['the', 'hey', 'its'] as const;
/** Adjectives a suggestion puts after the label (`alice-bold`). */
const SUGGESTION_ADJECTIVES = ['bold', 'swift', 'bright', 'lucky', 'calm', 'true'] as const;
/** How many free variants a suggestion list holds (besides the label itself in each zone). */
const SUGGESTION_VARIANTS = 4;

/**
 * Name suggestions (spec §3 'Name suggestion'): `label` in each zone (or only `zone`), each with
 * `registered`, then up to {@link SUGGESTION_VARIANTS} variants that are free: the label with an
 * adjective after it or a short word before it (`alice-bold`, `the-alice`), not digits, in the same
 * zones, each checked against the registered names (so `registered` is false for all of them).
 * @throws ApiError 400 when `label` breaks the spec §5 rule or `zone` is not served.
 */
export async function suggestNames(
  db: Db,
  label: string,
  zones: readonly string[],
  zone?: string,
): Promise<{ name: string; registered: boolean }[]> {
  const base = label.toLowerCase().split('.')[0]!;
  if (!NAME_LABEL.test(base)) throw new ApiError(400, NameMessage.InvalidName);
  const inZones = zone ? [zone.replace(/^\./, '').toLowerCase()] : [...zones];
  if (inZones.some((z) => !zones.includes(z))) throw new ApiError(400, NameMessage.ZoneUnsupported);
  const asked = inZones.map((z) => `${base}.${z}`);
  // Alternate adjectives and prefixes, so the first few read differently.
  const labels = SUGGESTION_ADJECTIVES.flatMap((adjective, i) => {
    const prefix = SUGGESTION_PREFIXES[i];
    return [`${base}-${adjective}`, ...(prefix ? [`${prefix}-${base}`] : [])];
  }).filter((l) => NAME_LABEL.test(l));
  const variants = labels.flatMap((l) => inZones.map((z) => `${l}.${z}`));
  const taken = new Set(
    (
      await db
        .select({ name: accountNames.name })
        .from(accountNames)
        .where(inArray(accountNames.name, [...asked, ...variants]))
    ).map((r) => r.name),
  );
  return [
    ...asked.map((name) => ({ name, registered: taken.has(name) })),
    ...variants
      .filter((name) => !taken.has(name))
      .slice(0, SUGGESTION_VARIANTS)
      .map((name) => ({ name, registered: false })),
  ];
}

/** A register request (spec §7 POST /v1/profile/account). */
export type RegisterRequest = { coinType: number; address: `0x${string}`; message: string; signature: `0x${string}` };

/**
 * Registers a name: parses the message (spec §7 JSON), checks the spec §5
 * rule and the zone, the timestamp (at most {@link MAX_MESSAGE_AGE_SECONDS}
 * old, {@link MAX_MESSAGE_SKEW_SECONDS} ahead of `nowSeconds`), then verifies
 * the signature with viem's `verifyMessage` on the coin type's chain (an EOA's
 * ecrecover, or ERC-1271 `isValidSignature` for a contract account), and
 * stores the name unless another address holds it. Registering a name one
 * already holds succeeds again (idempotent).
 * @throws ApiError 400 (message, rule, zone, stale, network, signature), 409 when taken.
 */
export async function registerName(
  deps: { db: Db; chains: Map<string, Chain>; zones: readonly string[]; nowSeconds: number },
  request: RegisterRequest,
): Promise<NameProfile> {
  let json: unknown;
  try {
    json = JSON.parse(request.message);
  } catch {
    throw new ApiError(400, NameMessage.BadMessage);
  }
  const parsed = RegisterMessageSchema.safeParse(json);
  if (!parsed.success) throw new ApiError(400, NameMessage.BadMessage);
  const { name, zone } = parseName(parsed.data.name, deps.zones);
  const age = deps.nowSeconds - parsed.data.timestamp;
  if (age > MAX_MESSAGE_AGE_SECONDS || age < -MAX_MESSAGE_SKEW_SECONDS) throw new ApiError(400, NameMessage.Stale);
  const chainId = chainIdOfCoinType(request.coinType);
  if (chainId === undefined) throw new ApiError(400, NameMessage.InvalidChainId);
  const chain = deps.chains.get(`eip155:${chainId}`);
  if (!chain) throw new ApiError(400, NameMessage.NetworkNotFound);
  const valid = await chain.client
    .verifyMessage({ address: request.address, message: request.message, signature: request.signature })
    .catch(() => false);
  if (!valid) throw new ApiError(400, NameMessage.BadSignature);
  const address = request.address.toLowerCase();
  const inserted = await deps.db
    .insert(accountNames)
    .values({ name, zone, address, coinType: request.coinType })
    .onConflictDoNothing()
    .returning();
  if (!inserted.length) {
    const holder = await getName(deps.db, name);
    if (!holder || Object.values(holder.addresses)[0]?.address !== address) throw new ApiError(409, NameMessage.Taken);
    return holder;
  }
  return toProfile(inserted)[0]!;
}

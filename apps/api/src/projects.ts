import { asc, eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import { FeaturesSchema, OnrampFeatureSchema } from '@airlock/protocol';
import type { Db } from './db/client.ts';
import { projects, type RateLimitConfig } from './db/schema.ts';

/**
 * Remote feature flags a project can set (spec §1 'Remote project
 * configuration can switch features on or off: email, socials, swaps, onramp,
 * activity, reownBranding, multiWallet'), plus the local flags of
 * `FeaturesSchema` (analytics, receive, send …). Unknown keys are refused.
 */
export const RemoteFeaturesSchema = z.strictObject({
  ...FeaturesSchema.shape,
  // An operator's bad value is refused here (the widget would read it as off).
  onramp: z.optional(OnrampFeatureSchema),
});

/** Remote feature flags, spec §1. */
export type RemoteFeatures = z.infer<typeof RemoteFeaturesSchema>;

/**
 * What GET /appkit/v1/config returns for a project that set nothing: the spec §1 defaults.
 * Swaps (`/v1/convert/*`), onramp (`/v1/onramp/*`, its providers from `AIRLOCK_ONRAMP_PROVIDERS`), email
 * and social login (the embedded wallet), activity (history), branding and analytics on; the socials in the
 * spec's order; multi-wallet off. A project turns any of them off with its own `features`; the widget's
 * basic mode turns every remote feature off whatever the project says.
 */
export const DEFAULT_REMOTE_FEATURES: Required<
  Pick<
    RemoteFeatures,
    'swaps' | 'onramp' | 'email' | 'socials' | 'activity' | 'reownBranding' | 'multiWallet' | 'analytics'
  >
> = {
  swaps: true,
  onramp: true,
  email: true,
  socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
  activity: true,
  reownBranding: true,
  multiWallet: false,
  analytics: true,
};

/** A token bucket: `capacity` requests of burst, `refillPerSecond` sustained. Both > 0. */
export const RateLimitSchema = z.strictObject({
  capacity: z.number().check(z.positive()),
  refillPerSecond: z.number().check(z.positive()),
});

/**
 * A project as an operator defines it (CLI `project add`, seed file):
 * id (1–128 of letters, digits, `-_.`), name, allowed origin patterns
 * (spec §5 wildcards, e.g. `https://*.example.com`, `http://localhost:*`),
 * features (see {@link RemoteFeaturesSchema}), optional rate limit override
 * (the token bucket of each client IP of this project; see `ApiLimits`).
 */
export const ProjectInputSchema = z.object({
  id: z.string().check(z.regex(/^[-_.a-zA-Z0-9]{1,128}$/, { error: 'Invalid input' })),
  name: z.string().check(z.minLength(1)).check(z.maxLength(200)),
  allowedOrigins: z.array(z.string().check(z.minLength(1)).check(z.maxLength(500))).check(z.maxLength(200)),
  features: z._default(RemoteFeaturesSchema, {}),
  rateLimit: z.optional(z.nullable(RateLimitSchema)),
  /** Embedded wallet: also accept the spec §6 shared dev hosts (docs/threat-model.md "Embedded wallet"). Default false. */
  embeddedDevHosts: z._default(z.boolean(), false),
});

/** Input of {@link upsertProject}. */
export type ProjectInput = z.input<typeof ProjectInputSchema>;

/** A stored project row. */
export type Project = typeof projects.$inferSelect;

/**
 * Creates or replaces a project (validated with {@link ProjectInputSchema}).
 * @throws ZodError on invalid input; the database error otherwise.
 */
export async function upsertProject(db: Db, input: ProjectInput): Promise<Project> {
  const p = ProjectInputSchema.parse(input);
  const values = {
    id: p.id,
    name: p.name,
    allowedOrigins: p.allowedOrigins,
    features: p.features as Record<string, unknown>,
    rateLimit: (p.rateLimit ?? null) as RateLimitConfig | null,
    embeddedDevHosts: p.embeddedDevHosts,
  };
  const [row] = await db
    .insert(projects)
    .values(values)
    .onConflictDoUpdate({
      target: projects.id,
      set: {
        name: values.name,
        allowedOrigins: values.allowedOrigins,
        features: values.features,
        rateLimit: values.rateLimit,
        embeddedDevHosts: values.embeddedDevHosts,
      },
    })
    .returning();
  return row!;
}

/** Inserts a project only when its id is new (seeding never overwrites an operator's edits). */
export async function insertProjectIfMissing(db: Db, input: ProjectInput): Promise<void> {
  const p = ProjectInputSchema.parse(input);
  await db
    .insert(projects)
    .values({
      id: p.id,
      name: p.name,
      allowedOrigins: p.allowedOrigins,
      features: p.features as Record<string, unknown>,
      rateLimit: (p.rateLimit ?? null) as RateLimitConfig | null,
      embeddedDevHosts: p.embeddedDevHosts,
    })
    .onConflictDoNothing();
}

/** The project with this id, or undefined. */
export async function getProject(db: Db, id: string): Promise<Project | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  return row;
}

/** Every project, ordered by id. */
export async function listProjects(db: Db): Promise<Project[]> {
  return db.select().from(projects).orderBy(asc(projects.id));
}

/** Deletes a project. @returns true when it existed. */
export async function removeProject(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id });
  return rows.length > 0;
}

/** The project's features merged over {@link DEFAULT_REMOTE_FEATURES}. */
export function resolveFeatures(project: Project): RemoteFeatures {
  return { ...DEFAULT_REMOTE_FEATURES, ...(project.features as RemoteFeatures) };
}

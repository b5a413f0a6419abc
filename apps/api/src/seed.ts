import { readFileSync } from 'node:fs';
import { z } from 'zod/mini';
import type { Db } from './db/client.ts';
import { placeholderSvg, putImageIfMissing } from './images.ts';
import { insertProjectIfMissing, ProjectInputSchema } from './projects.ts';
import { insertSponsorshipPolicyIfMissing, PolicyInputSchema } from './sponsorship/policy.ts';
import { insertWalletIfMissing, WalletInputSchema } from './wallets.ts';

/**
 * A seed file (JSON): `projects` (see `ProjectInputSchema`), `wallets`
 * (see `WalletInputSchema`), `sponsorship`: gas sponsorship policies (see `PolicyInputSchema`, for projects
 * of the seed or already stored), and `placeholders`: image ids per kind for which
 * a generated SVG is stored (`{ "token": ["ETH"], "currency": ["USD"] }`).
 * Wallet images get a placeholder automatically. Seeding only inserts what
 * is missing, so an operator's later edits survive a restart.
 */
export const SeedSchema = z.object({
  projects: z._default(z.array(ProjectInputSchema), []),
  wallets: z._default(z.array(WalletInputSchema), []),
  sponsorship: z._default(z.array(PolicyInputSchema), []),
  placeholders: z._default(
    z.partial(
      z.object({
        wallet: z._default(z.array(z.string()), []),
        asset: z._default(z.array(z.string()), []),
        currency: z._default(z.array(z.string()), []),
        token: z._default(z.array(z.string()), []),
      }),
    ),
    {},
  ),
});

/** A seed (input shape). */
export type Seed = z.input<typeof SeedSchema>;

/** The dev seed shipped with the app (`apps/api/seed/dev.json`). */
export const DEV_SEED_PATH = new URL('../seed/dev.json', import.meta.url);

/** Reads and validates a seed file. @throws on unreadable JSON or a ZodError. */
export function readSeedFile(path: string | URL): Seed {
  return SeedSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}

/** Applies a seed (insert-if-missing). @throws ZodError on invalid input. */
export async function applySeed(db: Db, input: Seed): Promise<void> {
  const seed = SeedSchema.parse(input);
  for (const project of seed.projects) await insertProjectIfMissing(db, project);
  for (const policy of seed.sponsorship) await insertSponsorshipPolicyIfMissing(db, policy);
  for (const wallet of seed.wallets) {
    await insertWalletIfMissing(db, wallet);
    const imageId = wallet.image_id ?? wallet.id;
    await putImageIfMissing(db, 'wallet', imageId, placeholderSvg(wallet.name));
  }
  for (const [kind, ids] of Object.entries(seed.placeholders) as [
    keyof typeof seed.placeholders,
    string[] | undefined,
  ][]) {
    for (const id of ids ?? []) await putImageIfMissing(db, kind, id, placeholderSvg(id));
  }
}

import { z } from 'zod/mini';

/**
 * The profile answers of the OAuth-2-only providers, read as each provider documents
 * them (docs/embedded-wallet.md "Configuring the providers"). Only the stable id is
 * the login key; the email and name are display only, so a missing one is `null`,
 * never an error.
 */

/** What a provider says about the person: `subject` is the stable id, `email` a verified address or null. */
export type SocialIdentity = { subject: string; email: string | null; name: string | null };

/**
 * Profile shapes an `oauth2` provider may declare (`profile` in its configuration):
 * - `fields`: top-level `subjectField`, `emailField`, `nameField` (the default);
 * - `github`: `GET /user` → `{ id: number, login, name|null, email|null }`; the email is the
 *   primary **verified** one of `GET /user/emails` → `[{ email, primary, verified, visibility }]`
 *   (scope `user:email`), null when that list cannot be read;
 * - `discord`: `GET /users/@me` → `{ id, username, global_name|null, email?|null, verified? }`;
 *   the email only when `verified` is true (scope `email`);
 * - `x`: `GET /2/users/me` → `{ data: { id, name, username } }`; X gives no email;
 * - `facebook`: `GET /me?fields=id,name,email` → `{ id, name, email? }` (Facebook returns only a
 *   confirmed email, and none when the person has no valid one).
 * The name is the handle where there is one (GitHub `login`, Discord `username`, X `username`),
 * else the display name.
 */
export const PROFILE_SHAPES = ['fields', 'github', 'discord', 'x', 'facebook'] as const;
/** One of {@link PROFILE_SHAPES}. */
export type ProfileShape = (typeof PROFILE_SHAPES)[number];

/** A string or number as text (GitHub ids are numbers), else null; capped at 256 characters. */
const text = (value: unknown): string | null =>
  typeof value === 'string' && value ? value.slice(0, 256) : typeof value === 'number' ? String(value) : null;

const JsonObject = z.record(z.string(), z.unknown());
const GitHubEmails = z.array(
  z.object({ email: z.string(), primary: z.optional(z.boolean()), verified: z.optional(z.boolean()) }),
);

/** The top-level field names of the `fields` shape. */
export type ProfileFields = { subjectField: string; emailField: string; nameField: string };

/**
 * The identity in a provider's profile answer (`profile`, the parsed JSON), read as
 * `shape` says. For `github`, `githubEmails` is the parsed `/user/emails` answer (or
 * undefined when it could not be read).
 * @throws Error when the answer is not an object or has no stable id
 */
export function identityFromProfile(
  shape: ProfileShape,
  profile: unknown,
  fields: ProfileFields,
  githubEmails?: unknown,
): SocialIdentity {
  const parsed = JsonObject.safeParse(profile);
  if (!parsed.success) throw new Error("The provider's profile is not a JSON object");
  const p = parsed.data;
  let identity: SocialIdentity;
  switch (shape) {
    case 'github':
      identity = {
        subject: text(p.id) ?? '',
        email: githubPrimaryEmail(githubEmails),
        name: text(p.login) ?? text(p.name),
      };
      break;
    case 'discord':
      identity = {
        subject: text(p.id) ?? '',
        email: p.verified === true ? text(p.email) : null,
        name: text(p.username) ?? text(p.global_name),
      };
      break;
    case 'x': {
      const data = JsonObject.safeParse(p.data);
      const d = data.success ? data.data : {};
      identity = { subject: text(d.id) ?? '', email: null, name: text(d.username) ?? text(d.name) };
      break;
    }
    case 'facebook':
      identity = { subject: text(p.id) ?? '', email: text(p.email), name: text(p.name) };
      break;
    default:
      identity = {
        subject: text(p[fields.subjectField]) ?? '',
        email: text(p[fields.emailField]),
        name: text(p[fields.nameField]),
      };
  }
  if (!identity.subject) throw new Error(`The provider's profile has no stable id (${shape})`);
  return identity;
}

/** GitHub's primary verified address in a `/user/emails` answer, else null. */
export function githubPrimaryEmail(emails: unknown): string | null {
  const parsed = GitHubEmails.safeParse(emails);
  if (!parsed.success) return null;
  return text(parsed.data.find((e) => e.primary === true && e.verified === true)?.email);
}

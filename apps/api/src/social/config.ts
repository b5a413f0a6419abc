import { z } from 'zod/mini';
import { PROFILE_SHAPES } from './profiles.ts';

/** Social providers of the embedded wallet (spec §5 'social provider one of google, github, apple, facebook, x, discord'). */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const;
/** One of {@link SOCIAL_PROVIDERS}. */
export type SocialProviderName = (typeof SOCIAL_PROVIDERS)[number];

const common = {
  /** OAuth client id registered at the provider. */
  clientId: z.string().check(z.minLength(1)).check(z.maxLength(256)),
  /** OAuth client secret (environment only; the API is a confidential client). */
  clientSecret: z.string().check(z.minLength(1)).check(z.maxLength(1024)),
  /** Space-separated scopes; defaults per kind (below). */
  scope: z.optional(z.string().check(z.maxLength(512))),
  /**
   * How the provider returns the person to the callback: `query` (a GET redirect, the
   * default) or `form_post` (an auto-submitted POST form, OAuth 2.0 Form Post Response
   * Mode; Apple requires it when the `name` or `email` scope is asked).
   */
  responseMode: z.optional(z.enum(['query', 'form_post'])),
};

/**
 * An OpenID Connect provider (Google, Apple style): endpoints from discovery at
 * `issuer`; the identity is the verified ID token (`sub`, `email`, `name`) whose
 * `nonce` must be the one bound to the device key that started the login.
 */
const OidcProviderSchema = z.strictObject({ kind: z.literal('oidc'), issuer: z.url(), ...common });

/**
 * An OAuth 2.0-only provider (GitHub, Discord, X, Facebook): the API exchanges the
 * code and reads the profile at `userinfoEndpoint` with the access token. The
 * profile fields that hold the subject, email and name are named here.
 */
const OAuth2ProviderSchema = z.strictObject({
  kind: z.literal('oauth2'),
  authorizationEndpoint: z.url(),
  tokenEndpoint: z.url(),
  userinfoEndpoint: z.url(),
  /** Profile field of the stable user id (GitHub/Discord/X/Facebook: `id`). */
  subjectField: z._default(z.string().check(z.minLength(1)).check(z.maxLength(64)), 'id'),
  /** Profile field of the email, when the provider gives one (default `email`). */
  emailField: z._default(z.string().check(z.minLength(1)).check(z.maxLength(64)), 'email'),
  /** Profile field of the display name (GitHub `login`, Discord `username`, default `name`). */
  nameField: z._default(z.string().check(z.minLength(1)).check(z.maxLength(64)), 'name'),
  /**
   * The shape of the profile answer: `fields` (default: the three fields above, top
   * level) or a provider's documented shape, read as `profiles.ts` describes (`github`
   * also reads the primary verified email at `<userinfoEndpoint>/emails`; `x` unwraps `data`).
   */
  profile: z.optional(z.enum(PROFILE_SHAPES)),
  ...common,
});

/** The configuration of one provider. */
export const SocialProviderConfigSchema = z.discriminatedUnion('kind', [OidcProviderSchema, OAuth2ProviderSchema]);
/** The configuration of one provider (parsed, defaults applied). */
export type SocialProviderConfig = z.infer<typeof SocialProviderConfigSchema>;

/**
 * `AIRLOCK_API_SOCIAL_PROVIDERS`: a JSON object from provider name to its
 * configuration (docs/embedded-wallet.md "Social login"). A provider not in it is
 * not offered.
 */
export const SocialProvidersSchema = z.partialRecord(z.enum(SOCIAL_PROVIDERS), SocialProviderConfigSchema);
/** Configured providers by name. */
export type SocialProviders = z.infer<typeof SocialProvidersSchema>;

/** Default scopes: OpenID providers ask for the ID token with email and profile. */
export const DEFAULT_OIDC_SCOPE = 'openid email profile';

/**
 * Parses `AIRLOCK_API_SOCIAL_PROVIDERS`. Unset or empty: no provider.
 * @throws Error naming the variable and the first problem
 */
export function socialProvidersFromEnv(raw: string | undefined): SocialProviders {
  if (!raw?.trim()) return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error('AIRLOCK_API_SOCIAL_PROVIDERS must be JSON');
  }
  const parsed = SocialProvidersSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`AIRLOCK_API_SOCIAL_PROVIDERS: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const providers = parsed.data;
  // Apple answers name/email scopes only with form_post: the default for 'apple' unless set.
  if (providers.apple && !providers.apple.responseMode) providers.apple.responseMode = 'form_post';
  return providers;
}

/** How long a started social login may take, popup to callback (ms; spec §9 social requests 120 s, plus the redirect). */
export const SOCIAL_FLOW_TTL_MS = 10 * 60_000;
/** Time limit of each call to a provider (discovery, token, profile), ms. */
export const PROVIDER_TIMEOUT_MS = 10_000;

import { createHash } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { DEFAULT_OIDC_SCOPE, PROVIDER_TIMEOUT_MS, type SocialProviderConfig } from './config.ts';
import { identityFromProfile, type SocialIdentity } from './profiles.ts';

/**
 * The API's side of the authorization code flow with PKCE (RFC 6749, RFC 7636,
 * OpenID Connect Core), all protocol work done by `oauth4webapi`: discovery,
 * the authorization URL, the callback's validation (state, `iss`, error), the
 * code exchange as a confidential client, the ID token's checks (issuer,
 * audience, expiry, nonce) and the profile of OAuth-2-only providers.
 */

export type { SocialIdentity } from './profiles.ts';

type Resolved = {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  auth: oauth.ClientAuth;
  options: { signal: AbortSignal; [oauth.allowInsecureRequests]?: boolean };
};

/** Plain http is allowed only for a provider on loopback (the local stand-in). */
const loopback = (url: string) => /^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/.test(url);

/** Request options for a call to `base`: the time limit, and plain http allowed on loopback only. */
const requestOptions = (base: string): Resolved['options'] => ({
  signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  ...(loopback(base) ? { [oauth.allowInsecureRequests]: true } : {}),
});

/** Endpoints and client of a provider (OIDC: discovery, fetched on every login so an outage shows at once). */
async function resolve(config: SocialProviderConfig): Promise<Resolved> {
  const options = requestOptions(config.kind === 'oidc' ? config.issuer : config.authorizationEndpoint);
  let as: oauth.AuthorizationServer;
  if (config.kind === 'oidc') {
    const issuer = new URL(config.issuer);
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, options));
  } else {
    as = {
      issuer: new URL(config.authorizationEndpoint).origin,
      authorization_endpoint: config.authorizationEndpoint,
      token_endpoint: config.tokenEndpoint,
      userinfo_endpoint: config.userinfoEndpoint,
    };
  }
  return { as, client: { client_id: config.clientId }, auth: oauth.ClientSecretBasic(config.clientSecret), options };
}

/** Parameters of one login, created by the API and kept server-side. */
export type FlowSecrets = { state: string; verifier: string; nonce: string; redirectUri: string };

/**
 * The provider's authorization URL for this login: `response_type=code`, PKCE S256,
 * `state`, and for OpenID providers `nonce`.
 * @throws when the provider cannot be reached or its discovery is invalid
 */
export async function authorizationUrl(config: SocialProviderConfig, flow: FlowSecrets): Promise<string> {
  const { as } = await resolve(config);
  if (!as.authorization_endpoint) throw new Error('The provider has no authorization endpoint');
  const url = new URL(as.authorization_endpoint);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', flow.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', config.scope ?? (config.kind === 'oidc' ? DEFAULT_OIDC_SCOPE : ''));
  url.searchParams.set('state', flow.state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(flow.verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  if (config.kind === 'oidc') url.searchParams.set('nonce', flow.nonce);
  if (config.responseMode === 'form_post') url.searchParams.set('response_mode', 'form_post');
  if (!url.searchParams.get('scope')) url.searchParams.delete('scope');
  return url.href;
}

/** The authorization response parameters oauth4webapi checks; anything else (Apple's `user`, a front-channel `id_token`) is left out. */
const RESPONSE_PARAMS = ['code', 'state', 'iss', 'error', 'error_description', 'error_uri'] as const;

/**
 * Redeems the provider's answer for the identity: `response` is the redirect URL
 * (`response_mode=query`) or the posted form (`form_post`). Validates it against
 * `flow.state` (and the `iss` parameter when present), exchanges the code with the
 * PKCE verifier, then reads the identity from the verified ID token (OIDC; its `nonce`
 * must be `flow.nonce`) or the profile endpoint (OAuth 2, {@link readProfile}). A
 * front-channel `id_token` in a form post is ignored: only the token endpoint's counts.
 * @throws on an error response, a state or nonce mismatch, a refused code, or an unreachable provider
 */
export async function redeemCallback(
  config: SocialProviderConfig,
  response: URL | URLSearchParams,
  flow: FlowSecrets,
): Promise<SocialIdentity> {
  const { as, client, auth, options } = await resolve(config);
  const given = response instanceof URL ? response.searchParams : response;
  const checked = new URLSearchParams();
  for (const name of RESPONSE_PARAMS) for (const value of given.getAll(name)) checked.append(name, value);
  const params = oauth.validateAuthResponse(as, client, checked, flow.state);
  const exchanged = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    auth,
    params,
    flow.redirectUri,
    flow.verifier,
    options,
  );
  if (config.kind === 'oidc') {
    const result = await oauth.processAuthorizationCodeResponse(as, client, exchanged, {
      expectedNonce: flow.nonce,
      requireIdToken: true,
    });
    const claims = oauth.getValidatedIdTokenClaims(result)!;
    return {
      subject: claims.sub,
      email: claims.email_verified === false ? null : text(claims.email),
      name: text(claims.name),
    };
  }
  const result = await oauth.processAuthorizationCodeResponse(as, client, exchanged);
  return readProfile(config, result.access_token);
}

const text = (value: unknown) =>
  typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : null;

/** GET `url` with the access token, JSON expected. @throws when the answer is not 2xx */
async function getJson(url: string, accessToken: string): Promise<unknown> {
  const response = await oauth.protectedResourceRequest(
    accessToken,
    'GET',
    new URL(url),
    // GitHub's API refuses requests without a User-Agent.
    new Headers({ accept: 'application/json', 'user-agent': 'Airlock' }),
    null,
    requestOptions(url),
  );
  if (!response.ok) throw new Error(`The provider's profile answered ${response.status}`);
  return response.json();
}

/**
 * The identity of an OAuth-2-only provider: its profile (`userinfoEndpoint`) read with
 * `accessToken` in the configured shape (profiles.ts); for `github` also the primary
 * verified email at `<userinfoEndpoint>/emails` (left null when that call fails, e.g.
 * without the `user:email` scope).
 * @throws when the profile cannot be read or has no stable id
 */
export async function readProfile(
  config: Extract<SocialProviderConfig, { kind: 'oauth2' }>,
  accessToken: string,
): Promise<SocialIdentity> {
  const shape = config.profile ?? 'fields';
  const profile = await getJson(config.userinfoEndpoint, accessToken);
  const emails =
    shape === 'github'
      ? await getJson(`${config.userinfoEndpoint.replace(/\/$/, '')}/emails`, accessToken).catch(() => undefined)
      : undefined;
  return identityFromProfile(shape, profile, config, emails);
}

/**
 * The OIDC `nonce` of a login started by device key `jkt`: base64url(SHA-256(jkt)).
 * The ID token carries it, so a token is accepted only for the device that asked.
 */
export const nonceFor = (jkt: string) => createHash('sha256').update(jkt).digest('base64url');

/** A fresh state, PKCE verifier (RFC 7636). */
export const newFlowSecrets = () => ({
  state: oauth.generateRandomState(),
  verifier: oauth.generateRandomCodeVerifier(),
});

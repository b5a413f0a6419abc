import * as oauth from 'oauth4webapi';
import { DEFAULT_OIDC_SCOPE, PROVIDER_TIMEOUT_MS, type SocialProviderConfig } from './config.ts';

/**
 * The API's side of the authorization code flow with PKCE (RFC 6749, RFC 7636,
 * OpenID Connect Core), all protocol work done by `oauth4webapi`: discovery,
 * the authorization URL, the callback's validation (state, `iss`, error), the
 * code exchange as a confidential client, the ID token's checks (issuer,
 * audience, expiry, nonce) and the profile of OAuth-2-only providers.
 */

/** What a provider says about the person. */
export type SocialIdentity = { subject: string; email: string | null; name: string | null };

type Resolved = {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  auth: oauth.ClientAuth;
  options: { signal: AbortSignal; [oauth.allowInsecureRequests]?: boolean };
};

/** Plain http is allowed only for a provider on loopback (the local stand-in). */
const loopback = (url: string) => /^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/.test(url);

/** Endpoints and client of a provider (OIDC: discovery, fetched on every login so an outage shows at once). */
async function resolve(config: SocialProviderConfig): Promise<Resolved> {
  const base = config.kind === 'oidc' ? config.issuer : config.authorizationEndpoint;
  const options = {
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    ...(loopback(base) ? { [oauth.allowInsecureRequests]: true } : {}),
  };
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
  if (!url.searchParams.get('scope')) url.searchParams.delete('scope');
  return url.href;
}

const text = (value: unknown) =>
  typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : null;

/**
 * Redeems the provider's redirect (`callbackUrl`) for the identity: validates the
 * response against `flow.state` (and the `iss` parameter when present), exchanges
 * the code with the PKCE verifier, then reads the identity from the verified ID
 * token (OIDC; its `nonce` must be `flow.nonce`) or the profile endpoint (OAuth 2).
 * @throws on an error response, a state or nonce mismatch, a refused code, or an unreachable provider
 */
export async function redeemCallback(
  config: SocialProviderConfig,
  callbackUrl: URL,
  flow: FlowSecrets,
): Promise<SocialIdentity> {
  const { as, client, auth, options } = await resolve(config);
  const params = oauth.validateAuthResponse(as, client, callbackUrl, flow.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    auth,
    params,
    flow.redirectUri,
    flow.verifier,
    options,
  );
  if (config.kind === 'oidc') {
    const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
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
  const result = await oauth.processAuthorizationCodeResponse(as, client, response);
  const profileResponse = await oauth.protectedResourceRequest(
    result.access_token,
    'GET',
    new URL(config.userinfoEndpoint),
    new Headers({ accept: 'application/json' }),
    null,
    options,
  );
  if (!profileResponse.ok) throw new Error(`The provider's profile answered ${profileResponse.status}`);
  const profile = (await profileResponse.json()) as Record<string, unknown>;
  const subject = text(profile[config.subjectField]);
  if (!subject) throw new Error(`The provider's profile has no ${config.subjectField}`);
  return { subject, email: text(profile[config.emailField]), name: text(profile[config.nameField]) };
}

/** A fresh state, PKCE verifier (RFC 7636). */
export const newFlowSecrets = () => ({
  state: oauth.generateRandomState(),
  verifier: oauth.generateRandomCodeVerifier(),
});

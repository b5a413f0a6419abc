import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID provider on loopback (`oidc-provider`), standing in for the social
 * login providers in the dev stack and the tests (docs/embedded-wallet.md "Social
 * login"). One confidential client per provider name: client id = the name, secret
 * `<name>-local-secret`. Its sign-in page takes any login (a name or an email) and
 * any password, then asks for consent; the account's `sub` is the login as typed,
 * `email` the login when it contains '@' (else `<login>@example.test`), `name` the part
 * before '@'. The `apple` client plays Apple: asked with `response_mode=form_post` (which
 * every client may use), it posts the answer to the redirect URI, its ID token has no
 * `name`, and the post carries Apple's `user` field (the name) on an account's first
 * authorization only. Not for production: no persistence, development keys.
 */

export { signInAnswer, signInAt, type SignInAnswer } from './signIn.ts';

/** The provider names the stand-in has a client for (spec §5 social providers). */
export const LOCAL_SOCIAL_CLIENTS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const;

/** The client secret of provider `name` on the stand-in. */
export const localClientSecret = (name: string) => `${name}-local-secret`;

/** Options of {@link startOidcProvider}. */
export type OidcProviderOptions = {
  /** TCP port (0 = any free one). */
  port: number;
  /** Interface to listen on, default 127.0.0.1. */
  host?: string;
  /** The redirect URIs every client accepts (the API's social callback). */
  redirectUris: string[];
};

/** A running stand-in. */
export type RunningOidcProvider = {
  /** The issuer URL, `http://<host>:<port>`. */
  issuer: string;
  /** Makes every endpoint answer 503 (`true`) or serve again (`false`): "provider down" in the tests. */
  setDown(down: boolean): void;
  /** Stops listening. */
  close(): Promise<void>;
  server: Server;
};

/** Claims of an account: the login as typed is the subject. */
function claimsOf(login: string) {
  const email = login.includes('@') ? login.toLowerCase() : `${login.toLowerCase()}@example.test`;
  return { sub: login, email, email_verified: true, name: login.split('@')[0] };
}

/**
 * Apple's first-login `user` form field for `login`: `{ name: { firstName, lastName }, email }`;
 * the stand-in's first name is the login's part before '@' and the last name "Appleseed".
 */
export function appleUserOf(login: string): { name: { firstName: string; lastName: string }; email: string } {
  const { email, name } = claimsOf(login);
  return { name: { firstName: name!, lastName: 'Appleseed' }, email };
}

/** The client id that plays Apple: answers with form_post, no `name` in its ID token, `user` on the first login. */
const APPLE = 'apple';

type KoaContext = {
  body: unknown;
  oidc?: { client?: { clientId: string }; session?: { accountId?: string } };
};

/**
 * Starts the stand-in. Besides the OpenID endpoints (discovery at
 * `/.well-known/openid-configuration`), `POST /_control/down` and `POST /_control/up`
 * switch the "provider down" mode (every other path answers 503 while down).
 * @throws when the port is busy
 */
export async function startOidcProvider(options: OidcProviderOptions): Promise<RunningOidcProvider> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const issuer = `http://${host}:${port}`;
  const configuration: Configuration = {
    clients: LOCAL_SOCIAL_CLIENTS.map((name) => ({
      client_id: name,
      client_secret: localClientSecret(name),
      redirect_uris: options.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // ID tokens carry the profile claims, as Google's and Apple's do.
    conformIdTokenClaims: false,
    findAccount: async (ctx, id) => ({
      accountId: id,
      claims: async () => {
        // Apple's ID token has no name: it comes once, in the form_post's `user` field.
        const { name, ...rest } = claimsOf(id);
        return (ctx as KoaContext).oidc?.client?.clientId === APPLE ? rest : { ...rest, name };
      },
    }),
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['airlock-local-oidc-cookie-key'] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AuthorizationCode: 120, AccessToken: 300, IdToken: 300 },
  };
  const provider = new Provider(issuer, configuration);
  // Apple's form_post carries `user` (the name) on the first authorization of an account only.
  const appleSeen = new Set<string>();
  provider.use(async (ctx, next) => {
    await next();
    const { body, oidc } = ctx as KoaContext;
    if (
      oidc?.client?.clientId !== APPLE ||
      typeof body !== 'string' ||
      !body.includes('<title>Submitting Callback</title>')
    )
      return;
    const accountId = oidc.session?.accountId;
    if (!accountId || appleSeen.has(accountId)) return;
    appleSeen.add(accountId);
    const user = JSON.stringify(appleUserOf(accountId))
      .replace(/&/g, '&amp;')
      .replace(/"/g, '&quot;')
      .replace(/</g, '&lt;');
    (ctx as KoaContext).body = body.replace(
      '<noscript>',
      `<input type="hidden" name="user" value="${user}"/>\n    <noscript>`,
    );
  });
  const callback = provider.callback();
  let down = false;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (req.method === 'POST' && (path === '/_control/down' || path === '/_control/up')) {
      down = path === '/_control/down';
      res.writeHead(204).end();
      return;
    }
    if (down) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('The provider is down');
      return;
    }
    callback(req, res);
  });
  return {
    issuer,
    server,
    setDown: (value) => {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

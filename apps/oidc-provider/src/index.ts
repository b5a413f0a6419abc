import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID provider on loopback (`oidc-provider`), standing in for the social
 * login providers in the dev stack and the tests (docs/embedded-wallet.md "Social
 * login"). One confidential client per provider name: client id = the name, secret
 * `<name>-local-secret`. Its sign-in page takes any login (a name or an email) and
 * any password, then asks for consent; the account's `sub` is the login as typed,
 * `email` the login when it contains '@' (else `<login>@example.test`), `name` the part
 * before '@'. Not for production: no persistence, development keys.
 */

export { signInAt } from './signIn.ts';

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
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => claimsOf(id) }),
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['airlock-local-oidc-cookie-key'] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AuthorizationCode: 120, AccessToken: 300, IdToken: 300 },
  };
  const provider = new Provider(issuer, configuration);
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

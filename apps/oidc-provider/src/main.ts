import { startOidcProvider } from './index.ts';

/**
 * The local OpenID provider as a process (dev stack, e2e): `OIDC_PORT` (default 5181),
 * `HOST` (default 127.0.0.1), `OIDC_REDIRECT_URIS` (comma list: the API's social
 * callback URL).
 */
const running = await startOidcProvider({
  port: Number(process.env.OIDC_PORT ?? 5181),
  host: process.env.HOST ?? '127.0.0.1',
  redirectUris: (process.env.OIDC_REDIRECT_URIS ?? '').split(',').filter(Boolean),
});
console.log(`[oidc-provider] ${running.issuer}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void running.close().then(() => process.exit(0)));

import { randomBytes } from 'node:crypto';
import { startMailCatcher, type MailCatcher } from '@airlock/mail-catcher';
import { localClientSecret, startOidcProvider, type RunningOidcProvider } from '@airlock/oidc-provider';
import { createApi, type Api, type ApiOptions } from '../main.ts';
import type { SocialProviders } from './config.ts';
import { pgliteDatabase } from '../test/database.ts';

/** A running API with social login over the local OpenID provider, for tests. */
export type SocialTestApi = {
  api: Api;
  /** The API's base URL (`http://127.0.0.1:<port>`). */
  base: string;
  oidc: RunningOidcProvider;
  mail: MailCatcher;
  /** Stops the API, the provider and the mail catcher. */
  close(): Promise<void>;
};

/** The local provider's `google` client as an OIDC provider (discovery, device-bound nonce). */
export const localGoogle = (oidc: RunningOidcProvider): SocialProviders => ({
  google: { kind: 'oidc', issuer: oidc.issuer, clientId: 'google', clientSecret: localClientSecret('google') },
});

/**
 * Starts a mail catcher, the local OpenID provider (its redirect URI is the API's callback)
 * and an API with project `p1` (allowed origins `http://localhost:*`) whose social providers
 * are `providers(oidc)`. The API's port is picked before it starts (20000–39999), since the
 * provider must know the callback first.
 * @param options.database the API's database (default in memory)
 * @param options.secureFrameOrigins the secure frame origins (default `http://127.0.0.3:5178`)
 */
export async function startSocialTestApi(
  providers: (oidc: RunningOidcProvider) => SocialProviders,
  options: { database?: ApiOptions['database']; secureFrameOrigins?: string[] } = {},
): Promise<SocialTestApi> {
  const mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const oidc = await startOidcProvider({
    port: 0,
    redirectUris: [`http://127.0.0.1:${port}/embedded/v1/social/callback`],
  });
  const api = await createApi({
    port,
    database: options.database ?? (await pgliteDatabase()),
    seed: { projects: [{ id: 'p1', name: 'P1', allowedOrigins: ['http://localhost:*'] }] },
    embedded: {
      smtpUrl: mail.smtpUrl,
      recoveryKey: randomBytes(32),
      secureFrameOrigins: options.secureFrameOrigins ?? ['http://127.0.0.3:5178'],
      socialProviders: providers(oidc),
    },
    log: () => {},
  });
  const base = await api.start();
  return {
    api,
    base,
    oidc,
    mail,
    close: async () => {
      await api.stop();
      await oidc.close();
      await mail.stop();
    },
  };
}

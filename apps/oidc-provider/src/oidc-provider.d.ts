/** The parts of `oidc-provider` (which ships no types) this workspace uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  /** Provider configuration (only the fields used here; see the oidc-provider docs). */
  export type Configuration = {
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    findAccount?: (
      ctx: unknown,
      id: string,
    ) => Promise<{ accountId: string; claims: () => Promise<Record<string, unknown>> } | undefined>;
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required: () => boolean };
    cookies?: { keys: string[] };
    ttl?: Record<string, number>;
  };

  /** An OpenID provider. */
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    /** Adds a Koa middleware before the provider's own. */
    use(middleware: (ctx: unknown, next: () => Promise<void>) => Promise<void>): void;
  }
}

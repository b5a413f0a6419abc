import { z } from 'zod/mini';
import { DEV_ALLOWED_ORIGINS } from '@airlock/protocol';

/**
 * What the frame trusts, from its own deployment and never from the page: the
 * provider API, the WalletConnect relay, the embedded wallet's secure-frame origin,
 * a bound on the dapp origins that may embed it, and whether WalletConnect Verify
 * runs. The page's FrameConfig may choose only what a dapp legitimately chooses
 * (project id, networks, metadata, theme, features); see docs/threat-model.md.
 */
export type Deployment = {
  /** Base URL of the provider API (spec §7), e.g. `https://api.example.com`; null = no API calls. */
  apiUrl: string | null;
  /** WalletConnect relay URL (`ws://` / `wss://`); null = WalletConnect's hosted relay. */
  relayUrl: string | null;
  /** Origin of the embedded-wallet secure frame; null = no embedded wallet. */
  secureFrameOrigin: string | null;
  /**
   * Origin patterns (spec §5 wildcards) that bound the project's allowed origins:
   * a parent must match both this list and the project's (the intersection, never a
   * widening). null = no bound beyond the project's list.
   */
  allowedOrigins: readonly string[] | null;
  /**
   * WalletConnect Verify on (true) or off (false). Off, the client skips the Verify
   * registration, which against a local relay would wait 5 s per proposal and request.
   */
  walletConnectVerify: boolean;
  /**
   * The LCD (REST) URL of the local Cosmos network (`cosmos:airlock-local-1`, the dev stack's
   * stand-in) that the frame names in the chain info it suggests to a Keplr-shaped wallet
   * (`experimentalSuggestChain`); absent or null = the stand-in on its default port
   * (`http://127.0.0.1:3003`). The stack writes its own (port offsets included). Never the page's.
   */
  cosmosLocalLcdUrl?: string | null | undefined;
};

/** Where the frame looks for its deployment file, relative to its own page (same origin). */
export const DEPLOYMENT_FILE = 'deployment.json';

/** How long the frame waits for {@link DEPLOYMENT_FILE}, ms, before using the build-time deployment. */
export const DEPLOYMENT_TIMEOUT_MS = 3_000;

const Origin = z
  .string()
  .check(z.maxLength(500))
  .check(
    z.refine(
      (value) => {
        try {
          return new URL(value).origin === value && value !== 'null';
        } catch {
          return false;
        }
      },
      { error: 'Expected an origin such as https://wallet.example.com' },
    ),
  );

/**
 * The deployment file (`deployment.json` next to the frame's index.html), every field
 * optional: an absent field keeps the build-time value, `null` means none. Unknown keys
 * are an error (a misspelt `allowedOrigins` must not silently drop the bound).
 */
export const DeploymentFileSchema = z.strictObject(
  z.partial(
    z.object({
      apiUrl: z.nullable(z.url({ protocol: /^https?$/ }).check(z.maxLength(500))),
      relayUrl: z.nullable(z.url({ protocol: /^wss?$/ }).check(z.maxLength(500))),
      secureFrameOrigin: z.nullable(Origin),
      allowedOrigins: z.nullable(
        z.array(z.string().check(z.trim()).check(z.minLength(1)).check(z.maxLength(500))).check(z.maxLength(200)),
      ),
      walletConnectVerify: z.boolean(),
      cosmosLocalLcdUrl: z.nullable(z.url({ protocol: /^https?$/ }).check(z.maxLength(500))),
    }),
  ).shape,
);

/** The deployment file's shape. */
export type DeploymentFile = z.infer<typeof DeploymentFileSchema>;

/** The `VITE_AIRLOCK_*` build-time variables the frame reads (all optional strings). */
export type BuildEnv = {
  /** Provider API base URL. */
  VITE_AIRLOCK_API_URL?: string | undefined;
  /** WalletConnect relay URL. */
  VITE_AIRLOCK_RELAY_URL?: string | undefined;
  /** Embedded-wallet secure-frame origin. */
  VITE_AIRLOCK_SECURE_FRAME_ORIGIN?: string | undefined;
  /** Comma-separated origin patterns; unset or empty = {@link DEV_ALLOWED_ORIGINS}; `none` = no bound. */
  VITE_AIRLOCK_ALLOWED_ORIGINS?: string | undefined;
  /** `true` / `1` turns WalletConnect Verify on, anything else off; unset: on only without `VITE_AIRLOCK_RELAY_URL`. */
  VITE_AIRLOCK_WALLETCONNECT_VERIFY?: string | undefined;
};

/** `{ ok: true, deployment }` or `{ ok: false, message }` (message names the failing field). */
export type DeploymentResult = { ok: true; deployment: Deployment } | { ok: false; message: string };

/**
 * Parses the build-time origin bound: a comma-separated list of origin patterns with
 * spec §5 wildcards, e.g. `https://app.example.com,http://localhost:*`; blank entries are
 * dropped. Unset or empty gives {@link DEV_ALLOWED_ORIGINS}; `none` gives null (no bound).
 * @param raw the value of `VITE_AIRLOCK_ALLOWED_ORIGINS`.
 */
export function parseAllowedOrigins(raw: string | undefined): string[] | null {
  if (raw?.trim() === 'none') return null;
  const list = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : [...DEV_ALLOWED_ORIGINS];
}

const blank = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/**
 * The deployment this build was made with (`VITE_AIRLOCK_*`); without any variable:
 * no API, WalletConnect's hosted relay, no secure frame, the dev bound
 * (`http://localhost:*`, `http://127.0.0.1:*`). Verify defaults to on with the hosted
 * relay and off with a relay of your own (its iframe needs the hosted service). Never throws.
 */
export function buildTimeDeployment(env: BuildEnv): DeploymentResult {
  const file = DeploymentFileSchema.safeParse({
    apiUrl: blank(env.VITE_AIRLOCK_API_URL),
    relayUrl: blank(env.VITE_AIRLOCK_RELAY_URL),
    secureFrameOrigin: blank(env.VITE_AIRLOCK_SECURE_FRAME_ORIGIN),
    allowedOrigins: parseAllowedOrigins(env.VITE_AIRLOCK_ALLOWED_ORIGINS),
    walletConnectVerify: env.VITE_AIRLOCK_WALLETCONNECT_VERIFY?.trim()
      ? /^(true|1)$/i.test(env.VITE_AIRLOCK_WALLETCONNECT_VERIFY.trim())
      : !blank(env.VITE_AIRLOCK_RELAY_URL),
  });
  if (!file.success) return { ok: false, message: `Invalid build-time deployment: ${describeIssues(file.error)}` };
  return {
    ok: true,
    deployment: {
      apiUrl: file.data.apiUrl ?? null,
      relayUrl: file.data.relayUrl ?? null,
      secureFrameOrigin: file.data.secureFrameOrigin ?? null,
      allowedOrigins: file.data.allowedOrigins ?? null,
      walletConnectVerify: file.data.walletConnectVerify ?? false,
    },
  };
}

function describeIssues(error: z.core.$ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/**
 * Overlays a deployment file on the build-time deployment: each field present in
 * `raw` (a parsed JSON value) replaces the build-time one. Never throws.
 * @returns `{ ok: false, message }` when `raw` is not a {@link DeploymentFileSchema}.
 */
export function applyDeploymentFile(base: Deployment, raw: unknown): DeploymentResult {
  const file = DeploymentFileSchema.safeParse(raw);
  if (!file.success) return { ok: false, message: `Invalid ${DEPLOYMENT_FILE}: ${describeIssues(file.error)}` };
  return { ok: true, deployment: { ...base, ...file.data } as Deployment };
}

/** What {@link loadDeployment} needs: where to fetch, the frame's origin, fetch and the timeout (tests pass fakes). */
export type LoadDeploymentOptions = {
  /** The frame's page URL (`location.href`); the file is fetched next to it. */
  pageUrl: string;
  /** The build-time deployment, used as the base and when there is no file. */
  base: Deployment;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Defaults to {@link DEPLOYMENT_TIMEOUT_MS}. */
  timeoutMs?: number;
};

/**
 * Reads the frame's deployment: `deployment.json` next to the frame's page, on the
 * frame's OWN origin (never the page's), overlaid on the build-time deployment.
 * - a JSON answer that validates: the overlay; one that does not: `{ ok: false }` (the
 *   frame refuses to start rather than guess what the operator meant);
 * - no file (404, or a non-JSON answer such as a single-page fallback to index.html),
 *   a network error, a redirect off the frame's origin or no answer within `timeoutMs`:
 *   the build-time deployment.
 * Never throws.
 */
export async function loadDeployment(options: LoadDeploymentOptions): Promise<DeploymentResult> {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const url = new URL(DEPLOYMENT_FILE, options.pageUrl);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DEPLOYMENT_TIMEOUT_MS);
  try {
    const response = await doFetch(url.toString(), {
      cache: 'no-store',
      credentials: 'same-origin',
      signal: controller.signal,
    });
    const finalOrigin = response.url ? new URL(response.url).origin : url.origin;
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || finalOrigin !== url.origin || !/\bjson\b/i.test(type))
      return { ok: true, deployment: options.base };
    let raw: unknown;
    try {
      raw = await response.json();
    } catch {
      return { ok: false, message: `Invalid ${DEPLOYMENT_FILE}: not valid JSON` };
    }
    return applyDeploymentFile(options.base, raw);
  } catch {
    return { ok: true, deployment: options.base };
  } finally {
    clearTimeout(timer);
  }
}

import type { ZodMiniType as ZodType } from 'zod/mini';
/**
 * The provider-API HTTP client (spec §7 'Calls'): every call carries the query
 * parameters `projectId`, `st` (sdk type) and `sv` (sdk version); failed calls
 * are retried by the §7 rule (3 attempts, 150 ms doubling, `Retry-After`
 * honoured) on the statuses in {@link RETRY_STATUSES}.
 */

/** Statuses the client retries (spec §7 'Client RPC layer retries … on 403, 408, 413, 429, 500, 502, 503, 504'). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([403, 408, 413, 429, 500, 502, 503, 504]);
/** Attempts per call, the first included (spec §7). */
export const MAX_ATTEMPTS = 3;
/** Delay before the second attempt, ms; doubles for each further attempt (spec §7). */
export const BASE_DELAY_MS = 150;
/** Upper bound for a `Retry-After` wait, ms (a misbehaving server cannot stall the widget). */
export const MAX_RETRY_AFTER_MS = 10_000;
/** The sdk type sent as `st`. */
export const SDK_TYPE = 'airlock';

/**
 * A failed API call. `status` is the HTTP status (0 for a network error or a
 * timeout); `message` the server's `{ message }` (e.g. 'Unauthorized: invalid
 * key') or a description of the network failure.
 */
export class ApiError extends Error {
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** Query values; `undefined` entries are left out. */
export type Query = Record<string, string | number | boolean | undefined>;

/** One call: path below the base URL (`/v1/account/0x…/balance`), query, method and JSON body. */
export type ApiCall = {
  path: string;
  query?: Query;
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Per-attempt timeout in ms; default 10 000 (spec §9 default RPC timeout 10 s). */
  timeoutMs?: number;
  /** The answer's schema (protocol apiResponses.ts): a body that fails it rejects with ApiError(0, 'Malformed answer: …'). */
  schema?: ZodType;
  /** Cancels the call (e.g. a quote a newer one replaced): it rejects with ApiError(0, 'Request cancelled'), no retry. */
  signal?: AbortSignal;
  /** The browser cache mode (Fetch `RequestCache`); default the browser's. `'no-cache'`: a fresh answer (spec §7 onramp history). */
  cache?: RequestCache;
};

/** What a client needs: base URL, project and sdk identity, and (for tests) fetch and sleep. */
export type ApiClientOptions = {
  /** Base URL of the provider API, e.g. `http://127.0.0.1:8787` (FrameConfig.apiUrl). */
  baseUrl: string;
  /** FrameConfig.projectId, sent as `projectId`. */
  projectId: string;
  /** Sent as `sv`; FrameConfig.sdkVersion. */
  sdkVersion?: string | undefined;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Waits `ms`; defaults to setTimeout (tests pass fake timers). */
  sleep?: (ms: number) => Promise<void>;
};

/** A provider-API client: `call` resolves with the parsed JSON body or rejects with {@link ApiError}. */
export type ApiClient = {
  /** The options it was made with (base URL without trailing slash). */
  readonly baseUrl: string;
  /** @throws ApiError after the last attempt failed, or at once for a status not in RETRY_STATUSES. */
  call: <T = unknown>(call: ApiCall & { schema?: ZodType<T> }) => Promise<T>;
};

/** Validates a body with `schema` (when given). @throws ApiError(0, 'Malformed answer: …') */
function parseBody<T>(schema: ZodType | undefined, body: unknown): T {
  if (!schema) return body as T;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(0, `Malformed answer: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data as T;
}

const defaultSleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** `Retry-After` in ms: seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body?.message === 'string') return body.message;
  } catch {
    /* not JSON */
  }
  return `HTTP ${response.status}`;
}

/**
 * Creates a client for the provider API (spec §7).
 * Network errors and timeouts reject with `ApiError(0, …)` without a retry
 * (an API that is down should fall back fast, spec §1 'when the API fails, the
 * local features stand').
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const sleep = options.sleep ?? defaultSleep;

  const url = (call: ApiCall): string => {
    const target = new URL(`${baseUrl}${call.path}`);
    target.searchParams.set('projectId', options.projectId);
    target.searchParams.set('st', SDK_TYPE);
    if (options.sdkVersion) target.searchParams.set('sv', options.sdkVersion);
    for (const [key, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) target.searchParams.set(key, String(value));
    }
    return target.toString();
  };

  const attempt = async (call: ApiCall): Promise<Response> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), call.timeoutMs ?? 10_000);
    const cancel = () => controller.abort();
    if (call.signal?.aborted) cancel();
    call.signal?.addEventListener('abort', cancel);
    try {
      return await doFetch(url(call), {
        method: call.method ?? 'GET',
        headers: call.body === undefined ? undefined : { 'content-type': 'application/json' },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: controller.signal,
        ...(call.cache ? { cache: call.cache } : {}),
      });
    } catch (error) {
      const aborted = controller.signal.aborted;
      if (call.signal?.aborted) throw new ApiError(0, 'Request cancelled');
      throw new ApiError(
        0,
        aborted ? 'Request timed out' : `Network error: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', cancel);
    }
  };

  const call = async <T>(request: ApiCall): Promise<T> => {
    for (let n = 1; ; n++) {
      const response = await attempt(request);
      if (response.ok) return parseBody<T>(request.schema, await response.json().catch(() => undefined));
      const message = await messageOf(response);
      if (!RETRY_STATUSES.has(response.status) || n >= MAX_ATTEMPTS) throw new ApiError(response.status, message);
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
      const backoff = BASE_DELAY_MS * 2 ** (n - 1);
      await sleep(Math.min(MAX_RETRY_AFTER_MS, Math.max(backoff, retryAfter ?? 0)));
      if (request.signal?.aborted) throw new ApiError(0, 'Request cancelled');
    }
  };

  return { baseUrl, call };
}

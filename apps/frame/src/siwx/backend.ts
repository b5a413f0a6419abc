import type { SiwxOptions } from '@airlock/protocol';
import { z } from 'zod/mini';
import { ApiError, type ApiClient } from '../api/client.ts';
import { SiwxError } from './errors.ts';

/**
 * The relying party of a sign-in (EIP-4361): who issues the nonce and verifies the signed
 * message. Default: the deployment's provider API (`/v1/siwx/nonce`, `/v1/siwx/verify`),
 * which answers with an ES256 session token. Custom: the dapp's own backend at the two
 * URLs of `siwx.custom`.
 */
export type SiwxBackend = {
  /** A fresh single-use nonce. @throws Error when the backend is unreachable or answers badly. */
  nonce(): Promise<string>;
  /**
   * Verifies a signed message. Resolves with the session token and id (null when the
   * backend gives none). @throws Error when the backend refuses or is unreachable.
   */
  verify(input: {
    message: string;
    signature: string;
    cacao?: Record<string, unknown> | undefined;
  }): Promise<{ token: string | null; sessionId: string | null }>;
};

/**
 * The sign-in error when the backend gave no answer (network error, timeout) or no nonce: the
 * wallet was not asked (or its signature could not be checked), so 'Error signing message' would
 * blame the wrong party.
 */
export const SIWX_UNAVAILABLE = SiwxError.Unavailable;

/**
 * Whether `error` means the backend did not answer: the provider API's network error or timeout
 * (`ApiError` status 0), or `fetch` failing for a custom backend (TypeError, AbortSignal timeout).
 */
export function backendUnreachable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0;
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError');
}

/** How long a custom backend may take per call, ms (spec §9 default RPC timeout 10 s). */
export const CUSTOM_BACKEND_TIMEOUT_MS = 10_000;

const NonceSchema = z.object({ nonce: z.string().check(z.regex(/^[A-Za-z0-9]{8,128}$/)) });
const ApiVerifySchema = z.object({ token: z.string(), session: z.object({ id: z.string() }) });
const CustomVerifySchema = z.catch(z.object({ token: z.optional(z.string().check(z.maxLength(8000))) }), {});

/**
 * JSON of a custom-backend call, or an Error 'Sign-in server error (<status>)'. The URLs are
 * the dapp's choice and get only public data (the message, its signature, the CACAO): never
 * the widget origin's cookies (`credentials: 'omit'`), no referrer (the frame URL), no redirect
 * followed (a redirect fails the call), no cache.
 */
async function callCustom(url: string, init: RequestInit = {}): Promise<unknown> {
  const res = await fetch(url, {
    ...init,
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    redirect: 'error',
    cache: 'no-store',
    signal: AbortSignal.timeout(CUSTOM_BACKEND_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`Sign-in server error (${res.status})`);
  return res.json().catch(() => ({}));
}

/**
 * The backend for `options`: the custom URLs when given, else the provider API; null when
 * there is neither (no API in the deployment): sign-in then fails with 'SIWX is not enabled'.
 */
export function createSiwxBackend(options: SiwxOptions, api: ApiClient | null): SiwxBackend | null {
  const custom = options.custom;
  if (custom) {
    return {
      nonce: async () => NonceSchema.parse(await callCustom(custom.nonceUrl)).nonce,
      verify: async (input) => {
        const body = CustomVerifySchema.parse(
          await callCustom(custom.verifyUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(input),
          }),
        );
        return { token: body.token ?? null, sessionId: null };
      },
    };
  }
  if (!api) return null;
  return {
    nonce: async () => (await api.call({ path: '/v1/siwx/nonce', method: 'POST', schema: NonceSchema })).nonce,
    verify: async (input) => {
      const body = await api.call({ path: '/v1/siwx/verify', method: 'POST', body: input, schema: ApiVerifySchema });
      return { token: body.token, sessionId: body.session.id };
    },
  };
}

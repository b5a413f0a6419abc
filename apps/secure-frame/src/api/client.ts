import { base64url, SignJWT } from 'jose';
import {
  ErrorCode,
  loginError,
  loginErrorData,
  loginErrorMessage,
  LoginErrorText,
  type LoginErrorData,
  type LoginErrorName,
} from '@airlock/protocol';
import type { Device } from '../keys/device.ts';

/**
 * An error of an API call, already in the protocol's terms: `code` (EIP-1193 / JSON-RPC, or 429), the
 * message to show, and for a login error `data`, its {@link LoginErrorData} (message key and params),
 * which `toRpcError` keeps in the failed Result the widget frame receives.
 */
export type ApiFailure = Error & { code: number; data?: LoginErrorData };

/** Builds an {@link ApiFailure}; `data` when the error is a keyed login error. */
export function apiFailure(code: number, message: string, data?: LoginErrorData): ApiFailure {
  return Object.assign(new Error(message), data ? { code, data } : { code });
}

/** The {@link ApiFailure} of login error `name`: its English text as the message, its key (and `params`) as data. */
export function loginFailure(code: number, name: LoginErrorName, params?: Record<string, number | string>): ApiFailure {
  const data = loginError(name, params);
  return apiFailure(code, loginErrorMessage(data), data);
}

/** What a call may carry. */
export type CallOptions = { method?: 'GET' | 'POST' | 'PUT'; body?: unknown; auth?: boolean; timeoutMs?: number };

/** The provider API as the secure frame uses it: JSON calls with a DPoP proof by the device key. */
export type ApiClient = {
  call: <T>(path: string, options?: CallOptions) => Promise<T>;
  /** The current access token (memory only), or undefined. */
  setAccessToken: (token: string | undefined) => void;
};

/** Message when the API cannot be reached (network down, server stopped). */
export const UNREACHABLE: string = LoginErrorText.Unreachable;

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/**
 * A client of the API at `apiUrl`: every call carries a fresh DPoP proof (RFC 9449:
 * `htm`, `htu`, `iat`, random `jti`, and `ath` with an access token) signed by the
 * device key, and, with `auth`, `Authorization: DPoP <access token>`.
 * Failures become {@link ApiFailure}: 400 → -32602, 401 → 4100, 429 → 429, others -32603, with the API's message
 * and, for a login error whose body names a known `key` (and `params`), that key as `data`.
 */
export function createApiClient(apiUrl: string, device: Device): ApiClient {
  let accessToken: string | undefined;
  const proof = async (method: string, htu: string, token?: string) =>
    new SignJWT({
      htm: method,
      htu,
      jti: crypto.randomUUID(),
      ...(token ? { ath: base64url.encode(await sha256(token)) } : {}),
    })
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: device.publicJwk as never })
      .setIssuedAt()
      .sign(device.signingKey);
  return {
    setAccessToken: (token) => {
      accessToken = token;
    },
    call: async <T>(path: string, { method, body, auth = false, timeoutMs = 10_000 }: CallOptions = {}) => {
      const verb = method ?? (body === undefined ? 'GET' : 'POST');
      const url = new URL(path, apiUrl);
      const token = auth ? accessToken : undefined;
      if (auth && !token) throw apiFailure(ErrorCode.Unauthorized, 'Not signed in');
      let res: Response;
      try {
        res = await fetch(url, {
          method: verb,
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { authorization: `DPoP ${token}` } : {}),
            dpop: await proof(verb, `${url.origin}${url.pathname}`, token),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
          credentials: 'omit',
        });
      } catch {
        throw loginFailure(ErrorCode.InternalError, 'Unreachable');
      }
      if (res.status === 204) return undefined as T;
      const json = (await res.json().catch(() => undefined)) as
        | { message?: unknown; key?: unknown; params?: unknown }
        | undefined;
      if (res.ok) return json as T;
      const message = typeof json?.message === 'string' ? json.message : `The wallet server answered ${res.status}`;
      const code =
        res.status === 400
          ? ErrorCode.InvalidParams
          : res.status === 401
            ? ErrorCode.Unauthorized
            : res.status === 429
              ? 429
              : ErrorCode.InternalError;
      // A login error's key passes only when it is one of the protocol's (an unknown one is dropped; the message stays).
      const keyed =
        json?.key === undefined
          ? undefined
          : loginErrorData(
              json.params === undefined ? { messageKey: json.key } : { messageKey: json.key, params: json.params },
            );
      throw apiFailure(code, message, keyed);
    },
  };
}

import { ApiError } from '../http/errors.ts';

/**
 * Social login, redirect mode (docs/embedded-wallet.md "Social login, redirect mode"): for
 * WebViews that cannot open popups (a Telegram mini-app), the whole dapp page goes to the
 * provider; the provider comes back to the API's callback, which answers a 302 to the dapp's
 * `returnUrl` with `result_uri` appended. The secure frame finishes the login from that URI
 * with a DPoP proof of the device key that started it.
 */

/** The path of the result URL the callback appends as `result_uri` (see {@link resultUriOf}). */
export const SOCIAL_RESULT_PATH = '/embedded/v1/social/result';

/** The query parameter the callback adds to the return URL (spec §2 Telegram mini-app return). */
export const RESULT_URI_PARAM = 'result_uri';

/**
 * Checks a redirect-mode return URL: an http(s) URL on exactly the origin of `dappOrigin`
 * (which the caller already checked against the project's allowed origins), so the callback
 * never sends anyone elsewhere.
 * @returns the URL, normalized (`URL.href`)
 * @throws ApiError 400 'returnUrl must be on the dapp origin' for any other URL
 */
export function checkReturnUrl(returnUrl: string, dappOrigin: string): string {
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    throw new ApiError(400, 'returnUrl must be on the dapp origin');
  }
  const sameOrigin = url.origin === new URL(dappOrigin).origin;
  if (!sameOrigin || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    throw new ApiError(400, 'returnUrl must be on the dapp origin');
  return url.href;
}

/**
 * The `result_uri` of flow `flowId`: `<API base>/embedded/v1/social/result?flow=<flowId>`. It
 * names the flow and nothing else: finishing it still needs the DPoP proof of the device key
 * that started it (`POST /social/finish` answers 403 to any other key).
 */
export function resultUriOf(apiBase: string, flowId: string): string {
  const url = new URL(`${apiBase.replace(/\/$/, '')}${SOCIAL_RESULT_PATH}`);
  url.searchParams.set('flow', flowId);
  return url.href;
}

/** `returnUrl` with `result_uri=<resultUri>` set in its query (its fragment kept). */
export function returnWithResult(returnUrl: string, resultUri: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set(RESULT_URI_PARAM, resultUri);
  return url.href;
}

/** Headers of the callback's 302 back to the dapp: not cached, no referrer to the dapp. */
export const RETURN_REDIRECT_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
} as const;

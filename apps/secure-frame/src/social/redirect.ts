import { ErrorCode } from '@airlock/protocol';
import { loginFailure } from '../api/client.ts';

/**
 * Social login, redirect mode (docs/embedded-wallet.md "Social login, redirect mode"): the
 * secure frame sends the whole page to the provider and, back on the dapp page, finishes the
 * login from the `result_uri` the API appended to the return URL.
 */

/** The path of the API's result URL (`apps/api/src/social/redirect.ts` SOCIAL_RESULT_PATH). */
export const SOCIAL_RESULT_PATH = '/embedded/v1/social/result';

/** A flow id as the API makes them (base64url, 8–64 characters). */
const FLOW_ID = /^[\w-]{8,64}$/;

/**
 * The flow id of `uri` when it is exactly this deployment's API result URL: the API's origin,
 * the API's path + `/embedded/v1/social/result`, one `flow` query parameter and nothing else.
 * @throws ApiFailure -32602 'This sign-in link is not valid' for anything else (another origin,
 *   another path, extra parameters, a fragment, credentials, not a URL)
 */
export function flowOfResultUri(uri: string, apiUrl: string | undefined): string {
  const invalid = () => loginFailure(ErrorCode.InvalidParams, 'InvalidResult');
  if (!apiUrl) throw invalid();
  let url: URL;
  let api: URL;
  try {
    url = new URL(uri);
    api = new URL(apiUrl);
  } catch {
    throw invalid();
  }
  const path = `${api.pathname.replace(/\/$/, '')}${SOCIAL_RESULT_PATH}`;
  const keys = [...url.searchParams.keys()];
  const flow = url.searchParams.get('flow') ?? '';
  if (
    url.origin !== api.origin ||
    url.pathname !== path ||
    url.username ||
    url.password ||
    url.hash ||
    keys.length !== 1 ||
    !FLOW_ID.test(flow)
  )
    throw invalid();
  return flow;
}

/**
 * Sends the top-level page to `url` from this (cross-origin, nested) frame. Browsers allow it
 * only with this frame's user activation (a click in it, Chromium's framebusting rule); the
 * `href` setter is one of the two members of a cross-origin `Location` a frame may use.
 * @throws DOMException SecurityError where the browser refuses it
 */
export function navigateTop(url: string): void {
  window.top!.location.href = url;
}

import { createHash } from 'node:crypto';

/**
 * The one script of a successful callback page: the popup closes itself. The secure frame that
 * opened it also closes it once the API says the login is done, but Chromium drops that close
 * when it arrives while the popup is still switching to this page (seen on a slow machine: the
 * popup then stayed open on "Signed in"). A window opened by `window.open` may close itself
 * (HTML "script-closable"), and the secure frame's polling reads `closed` before asking the API,
 * so a popup that closed right after the callback still counts as done.
 */
export const CLOSE_SCRIPT = 'window.close()';

/** The CSP source that allows {@link CLOSE_SCRIPT} and nothing else. */
const CLOSE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(CLOSE_SCRIPT).digest('base64')}'`;

/**
 * The page the provider redirects the popup to (on the API's origin): plain HTML, no
 * framing, and no script but {@link CLOSE_SCRIPT} on success. The secure frame that opened
 * the popup notices the result (it polls the API) and closes it too; a failure stays on screen
 * until then.
 */
export function callbackPage(ok: boolean, message: string): string {
  const escaped = message.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${ok ? 'Signed in' : 'Sign-in failed'}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem">
<h1 style="font-size:1.25rem">${ok ? 'Signed in' : 'Sign-in failed'}</h1>
<p data-testid="social-callback-message">${escaped}</p>${ok ? `\n<script>${CLOSE_SCRIPT}</script>` : ''}
</body></html>`;
}

/** Headers of the callback page: no script but {@link CLOSE_SCRIPT}, no framing, no caching, no referrer. */
export const CALLBACK_PAGE_HEADERS = {
  'content-security-policy': `default-src 'none'; script-src ${CLOSE_SCRIPT_HASH}; style-src 'unsafe-inline'; frame-ancestors 'none'`,
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
} as const;

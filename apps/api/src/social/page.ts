/**
 * The page the provider redirects the popup to (on the API's origin): plain HTML, no
 * scripts, no framing. The secure frame that opened the popup notices the result
 * (it polls the API) and closes it.
 */
export function callbackPage(ok: boolean, message: string): string {
  const escaped = message.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${ok ? 'Signed in' : 'Sign-in failed'}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem">
<h1 style="font-size:1.25rem">${ok ? 'Signed in' : 'Sign-in failed'}</h1>
<p data-testid="social-callback-message">${escaped}</p>
</body></html>`;
}

/** Headers of the callback page: no scripts, no framing, no caching, no referrer. */
export const CALLBACK_PAGE_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
} as const;

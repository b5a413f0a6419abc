/** The "Farcaster app" pages of the stand-in relay: plain HTML, no scripts. */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1b1530}' +
  'h1{font-size:1.4rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}dt{color:#666}' +
  'button{font:inherit;padding:.6rem 1.4rem;border-radius:.6rem;border:0;background:#7c65c1;color:#fff;cursor:pointer}';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;

/** The approval page of one channel: who asks (the message domain), the dev account, Approve. */
export function approvePage(input: {
  token: string;
  domain: string;
  fid: number;
  username: string;
  custody: string;
}): string {
  return page(
    'Sign in with Farcaster',
    `<h1>Sign in with Farcaster</h1><p><strong>${escapeHtml(input.domain)}</strong> asks you to sign in.</p>` +
      `<dl><dt>Account</dt><dd>@${escapeHtml(input.username)} (fid ${input.fid})</dd>` +
      `<dt>Custody</dt><dd><code>${escapeHtml(input.custody)}</code></dd></dl>` +
      `<p>This is the local dev Farcaster app: it signs with a public dev key.</p>` +
      `<form method="post" action="/~/siwf"><input type="hidden" name="channelToken" value="${escapeHtml(input.token)}">` +
      `<button type="submit">Approve</button></form>`,
  );
}

/** A one-line result page. */
export function donePage(text: string): string {
  return page('Sign in with Farcaster', `<h1>Sign in with Farcaster</h1><p role="status">${escapeHtml(text)}</p>`);
}

import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { EmbeddedDeps } from './context.ts';
import { hashToken } from './secrets.ts';
import { embeddedAccounts, embeddedDeviceApprovals } from './tables.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Headers of the approval pages: no framing (the page itself must not be clickjacked), no scripts, no caching. */
const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
};

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:520px;margin:40px auto;padding:0 16px;color:#1b1d22}dt{color:#5b6070}dd{margin:0 0 12px;font-weight:600;word-break:break-all}button{font:inherit;padding:10px 20px;border-radius:10px;border:1px solid #c8ccd4;margin-right:8px;cursor:pointer}.approve{background:#2453d6;color:#fff;border-color:#2453d6}.warn{padding:12px 16px;border-radius:10px;background:#fff4e5;border:1px solid #e0a040}</style></head><body>${body}</body></html>`;
}

/**
 * The device approval page on the API origin, reached from the mailed link:
 * `GET /embedded/v1/device/approve?token=` says that approving hands the device the wallet,
 * shows the account, the client address (IP) and time the request came from, then the website
 * and browser it named (marked as the asker's own word), with Approve and Deny; `POST` (form `token`,
 * `decision`) records the decision once. Unknown, used or expired tokens get a
 * plain explanation (404 / 410).
 */
export function approvalPageRoutes(deps: EmbeddedDeps): Hono {
  const app = new Hono();
  const find = async (token: string | undefined) => {
    if (!token || token.length > 100) return undefined;
    const [row] = await deps.db
      .select({ approval: embeddedDeviceApprovals, email: embeddedAccounts.email })
      .from(embeddedDeviceApprovals)
      .innerJoin(embeddedAccounts, eq(embeddedAccounts.id, embeddedDeviceApprovals.accountId))
      .where(eq(embeddedDeviceApprovals.tokenHash, hashToken(token)))
      .limit(1);
    return row;
  };
  const gone = (c: Context, status: 404 | 410, text: string) =>
    c.html(page('Device approval', `<h1>Device approval</h1><p>${escapeHtml(text)}</p>`), status, PAGE_HEADERS);

  app.get('/embedded/v1/device/approve', async (c) => {
    const token = c.req.query('token');
    const row = await find(token);
    if (!row) return gone(c, 404, 'This approval link is not valid.');
    const { approval, email } = row;
    if (approval.status !== 'pending')
      return gone(c, 410, `This device was already ${approval.status === 'denied' ? 'denied' : 'approved'}.`);
    if (approval.expiresAt <= deps.now())
      return gone(c, 410, 'This approval link expired. Sign in again to get a new one.');
    const field = (id: string, label: string, value: string) =>
      `<dt>${label}</dt><dd id="${id}">${escapeHtml(value)}</dd>`;
    return c.html(
      page(
        'Approve a new device?',
        `<h1>Approve a new device?</h1><p class="warn"><strong>Approving hands this device your wallet.</strong> It can then sign and send anything with the Airlock wallet of ${escapeHtml(email ?? '')}, as you can. Approve only if you yourself just tried to sign in, from this address and at this time:</p><dl>${field('requester-ip', 'Asked from IP address', approval.requesterIp || 'unknown')}${field('requested-at', 'Asked at', new Date(approval.createdAt).toUTCString())}</dl><p>The request also names a website and a browser. Whoever asked chose them, so they prove nothing:</p><dl>${field('dapp-origin', 'Website it names', approval.dappOrigin)}${field('user-agent', 'Browser it names', approval.userAgent || 'unknown browser')}</dl><form method="post" action="/embedded/v1/device/approve"><input type="hidden" name="token" value="${escapeHtml(token!)}"><button class="approve" name="decision" value="approve">Approve</button><button name="decision" value="deny">Deny</button></form>`,
      ),
      200,
      PAGE_HEADERS,
    );
  });

  app.post('/embedded/v1/device/approve', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const token = typeof form.token === 'string' ? form.token : undefined;
    const decision = form.decision === 'approve' ? 'approved' : form.decision === 'deny' ? 'denied' : undefined;
    const row = await find(token);
    if (!row || !decision) return gone(c, 404, 'This approval link is not valid.');
    const { approval } = row;
    if (approval.status !== 'pending' || approval.expiresAt <= deps.now())
      return gone(c, 410, 'This approval link was already used or expired.');
    await deps.db
      .update(embeddedDeviceApprovals)
      .set({ status: decision })
      .where(eq(embeddedDeviceApprovals.id, approval.id));
    return c.html(
      page(
        decision === 'approved' ? 'Device approved' : 'Device denied',
        `<h1 id="decision">${decision === 'approved' ? 'Device approved' : 'Device denied'}</h1><p>${decision === 'approved' ? `You can go back to ${escapeHtml(approval.dappOrigin)}: the sign-in continues there.` : 'The device was not given access. You can close this page.'}</p>`,
      ),
      200,
      PAGE_HEADERS,
    );
  });
  return app;
}

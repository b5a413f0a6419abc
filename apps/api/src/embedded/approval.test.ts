import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedAccounts, embeddedDeviceApprovals } from './tables.ts';
import { startEmbeddedTestStack, type EmbeddedTestStack } from './testStack.ts';

/**
 * The device approval mail and page (issue 29): the website and browser a request names are
 * whatever the asker wrote, so what the owner decides on is what the API saw itself — the client
 * address (IP) and the time — and what approving does: it hands that device the wallet.
 */

let s: EmbeddedTestStack;
beforeAll(async () => {
  s = await startEmbeddedTestStack();
}, 60_000);
afterAll(async () => {
  await s?.stop();
});

describe('device approval', { timeout: 60_000 }, () => {
  it('mails and shows that approving hands over the wallet, with the IP and time the request came from', async () => {
    const email = s.freshEmail();
    await s.signUp(email);
    const asker = await s.device();
    const t = Date.now();
    const started = await s.start(asker, email, {
      ...s.from('203.0.113.77'),
      'user-agent': 'Totally Your Phone <b>Safari</b>',
    });
    expect(started.body).toEqual({ action: 'VERIFY_DEVICE' });
    const isApproval = (l: string) => l.includes('/device/approve');
    const message = await s.mail.waitFor(email, { since: t, match: (m) => m.links.some(isApproval) });
    const [account] = await s.api.db.select().from(embeddedAccounts).where(eq(embeddedAccounts.email, email));
    const [row] = await s.api.db
      .select()
      .from(embeddedDeviceApprovals)
      .where(eq(embeddedDeviceApprovals.accountId, account!.id));
    expect(row?.requesterIp).toBe('203.0.113.77');
    const at = new Date(row!.createdAt).toUTCString();

    expect(message.subject).toBe('A new device asks for your Airlock wallet');
    expect(message.text).toContain('Approving hands that device your wallet');
    expect(message.text).toContain('Asked from IP address: 203.0.113.77\n');
    expect(message.text).toContain(`Asked at: ${at}\n`);
    expect(message.text).toContain(
      'The request names the website http://localhost:5173 and the browser Totally Your Phone <b>Safari</b>; whoever asked chose these.',
    );

    const html = await (await fetch(message.links.find(isApproval)!)).text();
    expect(html).toContain('<strong>Approving hands this device your wallet.</strong>');
    expect(html).toContain(`the Airlock wallet of ${email}`);
    expect(html).toContain('<dd id="requester-ip">203.0.113.77</dd>');
    expect(html).toContain(`<dd id="requested-at">${at}</dd>`);
    expect(html).toContain('Whoever asked chose them, so they prove nothing');
    expect(html).toContain('<dd id="dapp-origin">http://localhost:5173</dd>');
    // The asker's words are text, never markup.
    expect(html).toContain('<dd id="user-agent">Totally Your Phone &#60;b&#62;Safari&#60;/b&#62;</dd>');
  });
});

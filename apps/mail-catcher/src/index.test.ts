import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from './index.ts';

let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
});
afterAll(() => catcher.stop());

describe('mail catcher', () => {
  it('receives a real SMTP message and shows its code and links in the JSON inbox and the pages', async () => {
    const transport = nodemailer.createTransport(catcher.smtpUrl);
    await transport.sendMail({
      from: 'Airlock <no-reply@airlock.test>',
      to: 'Ana@Example.com',
      subject: 'Your code is 123456',
      text: 'Code 123456. Approve: http://127.0.0.1:1/approve?token=abc',
    });
    const message = await catcher.waitFor('ana@example.com');
    expect(message).toMatchObject({
      code: '123456',
      links: ['http://127.0.0.1:1/approve?token=abc'],
      to: ['ana@example.com'],
    });
    const json = (await (await fetch(`${catcher.webUrl}/api/messages?to=ANA@example.com`)).json()) as unknown[];
    expect(json).toHaveLength(1);
    expect(await (await fetch(`${catcher.webUrl}/api/messages?to=bob@example.com`)).json()).toEqual([]);
    const page = await (await fetch(`${catcher.webUrl}/messages/${message.id}`)).text();
    expect(page).toContain('<span class="code" id="code">123456</span>');
    expect(page).toContain('href="http://127.0.0.1:1/approve?token=abc"');
    expect(await (await fetch(`${catcher.webUrl}/`)).text()).toContain('Your code is 123456');
  });

  it('waitFor fails after its timeout when no mail comes', async () => {
    await expect(catcher.waitFor('nobody@example.com', { timeoutMs: 50 })).rejects.toThrow(
      'No mail to nobody@example.com',
    );
  });
});

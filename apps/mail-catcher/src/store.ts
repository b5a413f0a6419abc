import type { ParsedMail } from 'mailparser';

/** One caught message as the inbox page and the JSON inbox show it. */
export type CaughtMessage = {
  /** Sequential id within this run (1, 2, …). */
  id: number;
  /** Envelope recipients (RCPT TO), lower case. */
  to: string[];
  /** The From header's text. */
  from: string;
  subject: string;
  /** Plain-text body (or the HTML with tags stripped when there is none). */
  text: string;
  /** HTML body, or null. */
  html: string | null;
  /** The first 6-digit number of the subject or body (a login code), or null. */
  code: string | null;
  /** Every http(s) link of the body, in order. */
  links: string[];
  /** Arrival time, ms since the epoch. */
  receivedAt: number;
};

/** The in-memory inbox of one mail catcher: newest last, bounded to `max` messages (oldest dropped). */
export type Inbox = {
  add: (to: string[], mail: ParsedMail) => CaughtMessage;
  /** Messages, newest first; only those sent to `to` (case-insensitive) when given. */
  list: (to?: string) => CaughtMessage[];
  get: (id: number) => CaughtMessage | undefined;
  clear: () => void;
};

const CODE = /\b(\d{6})\b/;
const LINK = /https?:\/\/[^\s"'<>)]+/g;

/** Creates an inbox holding at most `max` messages (default 500). */
export function createInbox(max = 500): Inbox {
  const messages: CaughtMessage[] = [];
  let next = 1;
  return {
    add: (to, mail) => {
      const html = typeof mail.html === 'string' ? mail.html : null;
      const text = mail.text ?? (html ? html.replace(/<[^>]+>/g, ' ') : '');
      const subject = mail.subject ?? '';
      const message: CaughtMessage = {
        id: next++,
        to: to.map((address) => address.toLowerCase()),
        from: mail.from?.text ?? '',
        subject,
        text,
        html,
        code: CODE.exec(subject)?.[1] ?? CODE.exec(text)?.[1] ?? null,
        links: [...new Set((text.match(LINK) ?? []).map((link) => link.replace(/[.,;:!?]+$/, '')))],
        receivedAt: Date.now(),
      };
      messages.push(message);
      if (messages.length > max) messages.shift();
      return message;
    },
    list: (to) => {
      const wanted = to?.toLowerCase();
      return messages.filter((m) => !wanted || m.to.includes(wanted)).reverse();
    },
    get: (id) => messages.find((m) => m.id === id),
    clear: () => {
      messages.length = 0;
    },
  };
}

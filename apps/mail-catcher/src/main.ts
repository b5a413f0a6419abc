import { startMailCatcher } from './index.ts';

// `npm start -w @airlock/mail-catcher`, and the local stack (scripts/stack.mjs):
// MAIL_SMTP_PORT (default 2525), MAIL_WEB_PORT (default 5179), HOST (default 127.0.0.1).
const catcher = await startMailCatcher({
  smtpPort: Number(process.env.MAIL_SMTP_PORT || 2525),
  httpPort: Number(process.env.MAIL_WEB_PORT || 5179),
  host: process.env.HOST || '127.0.0.1',
});
console.log(`[mail] SMTP ${catcher.smtpUrl}, inbox ${catcher.webUrl}/`);
const shutdown = () => void catcher.stop().then(() => process.exit(0));
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

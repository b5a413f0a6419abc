import type { CaughtMessage } from './store.ts';

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1b1d22}
main{max-width:760px;margin:0 auto;padding:24px}h1{font-size:20px}a{color:#2453d6}
table{width:100%;border-collapse:collapse;background:#fff}td,th{padding:8px 10px;border-bottom:1px solid #e3e5ea;text-align:left}
.code{font:700 40px/1.2 ui-monospace,monospace;letter-spacing:6px;background:#fff;border:1px solid #d5d8de;border-radius:12px;padding:16px 20px;display:inline-block;user-select:all}
pre{white-space:pre-wrap;background:#fff;border:1px solid #e3e5ea;padding:12px;border-radius:8px}button{font:inherit;padding:6px 12px;margin-left:12px}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The inbox page: one row per message (newest first) with recipient, subject, code and age. */
export function inboxPage(messages: CaughtMessage[]): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.to.join(', '))}</td><td><a href="/messages/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a></td><td>${m.code ? `<b>${m.code}</b>` : ''}</td><td>${new Date(m.receivedAt).toLocaleTimeString()}</td></tr>`,
    )
    .join('');
  return layout(
    'Airlock mail catcher',
    `<h1>Local inbox</h1><p>Every mail the local stack sends lands here (nothing leaves this machine). Refresh for new mail.</p>
<table><thead><tr><th>To</th><th>Subject</th><th>Code</th><th>Received</th></tr></thead><tbody>${rows || '<tr><td colspan="4">No mail yet.</td></tr>'}</tbody></table>
<p>JSON: <a href="/api/messages">/api/messages</a> (<code>?to=address</code> to filter)</p>`,
  );
}

/** One message: the code big and selectable with a copy button, the links clickable, the text. */
export function messagePage(m: CaughtMessage): string {
  const code = m.code
    ? `<p><span class="code" id="code">${m.code}</span><button type="button" onclick="navigator.clipboard.writeText('${m.code}')">Copy</button></p>`
    : '';
  const links = m.links
    .map((l) => `<li><a href="${escapeHtml(l)}" target="_blank" rel="noopener">${escapeHtml(l)}</a></li>`)
    .join('');
  return layout(
    m.subject,
    `<p><a href="/">← Inbox</a></p><h1>${escapeHtml(m.subject)}</h1><p>From ${escapeHtml(m.from)} to ${escapeHtml(m.to.join(', '))}</p>${code}${links ? `<ul>${links}</ul>` : ''}<pre>${escapeHtml(m.text)}</pre>`,
  );
}

// The frame's `Content-Security-Policy` from its deployment.json: `frame-ancestors` lists the dapp
// origins that may embed the widget (deployment `allowedOrigins`, docs/origins.md patterns), so the
// browser itself refuses to render the frame anywhere else, before any of its code runs.
//
//   node scripts/csp.mjs path/to/deployment.json     # prints: Content-Security-Policy: frame-ancestors …
//
// Exit code 1 with a message when the file is unreadable, `allowedOrigins` is missing or null, or a
// pattern is invalid. See docs/deploy.md.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Directives sent with every frame response beside `frame-ancestors`: no plugins, no `<base>` elsewhere. */
export const FRAME_CSP_EXTRA = ["object-src 'none'", "base-uri 'self'"];

/**
 * One origin pattern of docs/origins.md as a CSP source expression. The two grammars agree:
 * `*.` matches subdomains at any depth but not the domain itself, `:*` any port, `*` every http(s)
 * origin. The host is normalised as browsers do (lowercase, punycode, default port dropped).
 * @param {string} pattern e.g. `https://app.example.com`, `https://*.example.org`, `http://localhost:*`, `*`
 * @returns {string} e.g. `https://*.example.org`
 * @throws {Error} `Invalid origin pattern '<pattern>': <reason>` for anything docs/origins.md calls invalid
 */
export function sourceExpression(pattern) {
  if (pattern === '*') return '*';
  const fail = (reason) => {
    throw new Error(`Invalid origin pattern '${pattern}': ${reason}`);
  };
  const m = /^(https?):\/\/(\*\.)?([^/:?#@\s*]+)(?::(\d+|\*))?$/i.exec(pattern);
  if (!m) fail('expected http(s)://host[:port] with * only as the leftmost label or the port (docs/origins.md)');
  const [, scheme, wildcard = '', host, port] = m;
  let url;
  try {
    url = new URL(`${scheme}://${host}${port && port !== '*' ? `:${port}` : ''}`);
  } catch {
    fail('not a valid host');
  }
  if (wildcard && !url.hostname.includes('.') && url.hostname !== 'localhost') fail('*. needs a domain of two labels');
  if (wildcard && /^[\d.]+$/.test(url.hostname.replace(/\.$/, ''))) fail('*. cannot stand before an IP address');
  return `${url.protocol}//${wildcard}${url.host}${port === '*' ? ':*' : ''}`;
}

/**
 * The frame's Content-Security-Policy value for a deployment's `allowedOrigins`.
 * @param {readonly string[] | null | undefined} allowedOrigins deployment.json `allowedOrigins`
 * @returns {string} `frame-ancestors <sources>; object-src 'none'; base-uri 'self'`
 *   (`frame-ancestors 'none'` for an empty list: nothing may embed the frame)
 * @throws {Error} when `allowedOrigins` is null or missing (no bound: the CSP cannot name the
 *   project's origins, list them in deployment.json) or a pattern is invalid
 */
export function frameCsp(allowedOrigins) {
  if (!Array.isArray(allowedOrigins)) {
    throw new Error(
      'deployment.json has no allowedOrigins list (null = no bound): list the dapp origins that may embed the widget, the CSP is built from them',
    );
  }
  const sources = [...new Set(allowedOrigins.map(sourceExpression))];
  return [`frame-ancestors ${sources.length ? sources.join(' ') : "'none'"}`, ...FRAME_CSP_EXTRA].join('; ');
}

// Run alone: print the header for a deployment.json.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const file = process.argv[2];
    if (!file) throw new Error('usage: node scripts/csp.mjs path/to/deployment.json');
    const deployment = JSON.parse(readFileSync(file, 'utf8'));
    console.log(`Content-Security-Policy: ${frameCsp(deployment.allowedOrigins)}`);
  } catch (error) {
    console.error(`[csp] ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

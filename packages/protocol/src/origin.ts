/**
 * Origin allowlists: which dapp origins may embed the widget (spec §5 "origin must be
 * in the project's allowed list; the check supports wildcards"). The frame checks the
 * verified parent origin with it, the provider API checks the `Origin` header.
 *
 * A pattern is one of:
 * - `*`: any origin (development only; the frame logs a warning for it);
 * - an origin, `scheme://host[:port]` with scheme `http` or `https`: exactly that origin
 *   (`https://app.example.org`);
 * - an origin whose host is `*.` + a domain: every subdomain of that domain, at any
 *   depth, but not the domain itself (`https://*.example.org` matches
 *   `https://app.example.org` and `https://a.b.example.org`, not `https://example.org`),
 *   as `*.` in a CSP source expression;
 * - an origin whose port is `*`: any port, the default one included (`http://localhost:*`).
 *
 * `*` is allowed nowhere else: `https://*example.org`, `https://app.example.org*` and
 * `*://example.org` are invalid. Invalid patterns never match anything; list them with
 * {@link parseOriginPattern} to report them. See `docs/origins.md`.
 *
 * Both sides are normalised with the WHATWG URL parser (the one browsers use): schemes
 * and hosts lowercase, internationalised names as punycode (`bücher.example` is
 * `xn--bcher-kva.example`), default ports dropped (`https://a.example:443` is
 * `https://a.example`). A trailing dot is part of the host: `https://example.org.` is a
 * different origin from `https://example.org` to the browser (its own storage and
 * cookies), so neither matches the other. Patterns with a path, query, fragment,
 * userinfo or whitespace are invalid.
 */

/** A parsed origin pattern, see the module comment. */
export type OriginPattern =
  | {
      /** `*`: every origin except the opaque `null`. */
      kind: 'any';
    }
  | {
      /** A single origin, or a family of origins through the wildcards below. */
      kind: 'origin';
      /** `http:` or `https:` (as `URL.protocol`). */
      protocol: 'http:' | 'https:';
      /**
       * Lowercase ASCII host (punycode for IDN; IPv6 in brackets). With `subdomains`, the
       * domain whose subdomains match (the part after `*.`).
       */
      host: string;
      /** `true` for `*.host`: any subdomain of `host`, at any depth, never `host` itself. */
      subdomains: boolean;
      /** Port as `URL.port` (`''` for the scheme's default), or `'*'` for any port. */
      port: string;
    };

/** What {@link parseOriginPattern} returns: the pattern, or why it is invalid. */
export type ParsedOriginPattern = { ok: true; pattern: OriginPattern } | { ok: false; error: string };

const fail = (pattern: string, why: string): ParsedOriginPattern => ({
  ok: false,
  error: `Invalid origin pattern ${JSON.stringify(pattern)}: ${why}`,
});

const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

/**
 * Parses one allowlist entry (see the module comment for the grammar).
 *
 * @returns `{ ok: true, pattern }`, or `{ ok: false, error }` with a message naming the
 *   pattern and the rule it breaks, for the frame or the API to log. Never throws.
 */
export function parseOriginPattern(pattern: string): ParsedOriginPattern {
  if (pattern === '*') return { ok: true, pattern: { kind: 'any' } };
  if (/\s/.test(pattern)) return fail(pattern, 'contains whitespace');
  const m = /^(https?):\/\/(\*\.)?([^/?#]*?)(:\*)?$/i.exec(pattern);
  if (!m) return fail(pattern, 'expected http(s)://host[:port], with no path, query or fragment');
  const [, scheme, star, rest, anyPort] = m as unknown as [
    string,
    string,
    string | undefined,
    string,
    string | undefined,
  ];
  if (rest.includes('*'))
    return fail(pattern, '`*` may only be the whole leftmost label (`https://*.example.org`) or the whole port (`:*`)');
  if (rest.includes('@')) return fail(pattern, 'userinfo is not part of an origin');
  let url: URL;
  try {
    url = new URL(`${scheme}://${rest}`);
  } catch {
    return fail(pattern, 'not a valid host or port');
  }
  // The regexp kept `/`, `?` and `#` out; a backslash still becomes a path in http(s) URLs.
  if (url.pathname !== '/' || url.username || url.password) return fail(pattern, 'not a bare origin');
  const host = url.hostname;
  if (!host) return fail(pattern, 'no host');
  if (anyPort && url.port) return fail(pattern, 'two ports');
  if (star) {
    if (host.startsWith('[') || IPV4.test(host)) return fail(pattern, '`*.` needs a domain name, not an IP address');
    if (host.startsWith('.') || host.includes('..')) return fail(pattern, 'empty label after `*.`');
    if (!host.includes('.') && host !== 'localhost')
      return fail(pattern, '`*.` over a top-level domain would allow every site under it');
  }
  return {
    ok: true,
    pattern: {
      kind: 'origin',
      protocol: url.protocol as 'http:' | 'https:',
      host,
      subdomains: Boolean(star),
      port: anyPort ? '*' : url.port,
    },
  };
}

/**
 * The parts of a serialised origin (`MessageEvent.origin`, the `Origin` header), or
 * `undefined` when `origin` is not one exactly: opaque `null`, a path, userinfo, uppercase,
 * an explicit default port and other non-canonical forms are refused, not normalised.
 */
function parseOrigin(origin: string): URL | undefined {
  try {
    const url = new URL(origin);
    return url.origin === origin && /^https?:$/.test(url.protocol) ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when the serialised `origin` matches the parsed `pattern`. `origin` must be exactly
 * as browsers serialise it (see {@link isOriginAllowed}).
 */
export function matchesOriginPattern(origin: string, pattern: OriginPattern): boolean {
  const url = parseOrigin(origin);
  if (!url) return false;
  if (pattern.kind === 'any') return true;
  if (url.protocol !== pattern.protocol) return false;
  if (pattern.port !== '*' && url.port !== pattern.port) return false;
  return pattern.subdomains ? url.hostname.endsWith(`.${pattern.host}`) : url.hostname === pattern.host;
}

/**
 * True when `origin` (`scheme://host[:port]`, exactly as in `MessageEvent.origin` or the
 * `Origin` header) matches one of `patterns` (grammar in the module comment). A missing
 * origin, the opaque origin `'null'`, anything that is not a canonical http(s) origin, and
 * invalid patterns never match.
 */
export function isOriginAllowed(origin: string | null | undefined, patterns: readonly string[]): boolean {
  if (!origin) return false;
  return patterns.some((p) => {
    const parsed = parseOriginPattern(p);
    return parsed.ok && matchesOriginPattern(origin, parsed.pattern);
  });
}

/** True when `patterns` contains a bare `*` (every origin allowed): the frame warns about it. */
export function allowsAnyOrigin(patterns: readonly string[]): boolean {
  return patterns.includes('*');
}

/**
 * The invalid entries of `patterns`, each with the message of {@link parseOriginPattern},
 * in list order; `[]` when all are valid. For the frame and the API to log once at start.
 */
export function invalidOriginPatterns(patterns: readonly string[]): { pattern: string; error: string }[] {
  return patterns.flatMap((pattern) => {
    const parsed = parseOriginPattern(pattern);
    return parsed.ok ? [] : [{ pattern, error: parsed.error }];
  });
}

/** The development allowlist: any port of `http://localhost` and `http://127.0.0.1`. */
export const DEV_ALLOWED_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'] as const;

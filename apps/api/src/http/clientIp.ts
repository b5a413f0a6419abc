import { isIP } from 'node:net';

/** The key used when the client address is unknown (requests through `app.request()` without a socket). */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * The rate-limit key of a client address: IPv4 as is (also when written
 * IPv4-mapped, `::ffff:1.2.3.4`), IPv6 reduced to its /64 prefix
 * (`2001:db8:1:2::/64`), since one subscriber usually holds a whole /64.
 * @returns undefined when `address` is not an IP address.
 */
export function clientKey(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const bare = address.trim().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1];
  const family = isIP(bare);
  if (family === 4) return bare;
  if (family !== 6) return undefined;
  const [head = '', tail] = bare.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (`::1.2.3.4`) counts as two groups; only the first four groups matter here.
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The client address a request came from, as a rate-limit key (see {@link clientKey}).
 *
 * With `trustProxyHops` 0 (the default) it is the socket's remote address and
 * `X-Forwarded-For` is ignored: any caller can write that header. With n > 0
 * the API runs behind n proxies that each append the address they saw, so the
 * client is the n-th address from the right of `socket, X-Forwarded-For`
 * (the leftmost one when the list is shorter); an entry that is not an IP
 * address falls back to the socket address.
 * @param remoteAddress the socket's remote address (undefined without a socket)
 * @param forwardedFor the `X-Forwarded-For` header (comma-separated), if any
 * @returns a key such as `203.0.113.7`, `2001:db8::/64` or `unknown`
 */
export function clientAddress(
  remoteAddress: string | undefined,
  forwardedFor: string | undefined,
  trustProxyHops: number,
): string {
  const socket = clientKey(remoteAddress);
  if (trustProxyHops > 0 && forwardedFor) {
    const chain = [
      ...forwardedFor
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .reverse(),
    ];
    const hop = chain[Math.min(trustProxyHops, chain.length) - 1];
    const forwarded = clientKey(hop);
    if (forwarded) return forwarded;
  }
  return socket ?? UNKNOWN_CLIENT;
}

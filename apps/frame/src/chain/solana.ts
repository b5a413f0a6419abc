import type { Network } from '@airlock/protocol';

/** How long one Solana JSON-RPC read may take, ms (spec §9 read timeout). */
export const SOLANA_READ_TIMEOUT_MS = 10_000;

/**
 * One Solana JSON-RPC call to `url` (HTTP POST, {@link SOLANA_READ_TIMEOUT_MS}).
 * @throws Error with the RPC's message, the HTTP status, or the timeout.
 */
async function call<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(SOLANA_READ_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`${method}: HTTP ${res.status}`);
  const body = (await res.json()) as { result?: T; error?: { message?: string } };
  if (body.error) throw new Error(body.error.message ?? `${method} failed`);
  return body.result as T;
}

/**
 * One Solana JSON-RPC read of `network`: through `proxyUrl` (the deployment API's RPC proxy for this chain,
 * chain/served.ts) when there is one, and the network's first RPC URL (the dapp's) when the proxy fails (network
 * error, HTTP error, timeout, a JSON-RPC error) or there is none. Only reads: the proxy refuses writes.
 * @throws Error with the dapp RPC's message, the HTTP status, or the timeout (the proxy's failure is not shown).
 */
export async function solanaRpc<T>(
  network: Network,
  method: string,
  params: unknown[] = [],
  proxyUrl: string | null = null,
): Promise<T> {
  if (proxyUrl) {
    try {
      return await call<T>(proxyUrl, method, params);
    } catch {
      // The dapp's own RPC next, as the eip155 reads do (chain/transport.ts).
    }
  }
  return call<T>(network.rpcUrls.default.http[0]!, method, params);
}

/** Solana JSON-RPC methods that write (the proxy refuses them): they go to the dapp's RPC URL only. */
const SOLANA_WRITES = new Set(['sendTransaction', 'requestAirdrop']);

/** The JSON-RPC methods of a request body (one request or a batch); null when it is not JSON. Pure. */
function methodsOf(body: unknown): string[] | null {
  if (typeof body !== 'string') return null;
  try {
    const parsed = JSON.parse(body) as { method?: unknown } | { method?: unknown }[];
    return (Array.isArray(parsed) ? parsed : [parsed]).map((r) => String(r?.method));
  } catch {
    return null;
  }
}

/**
 * A `fetch` for a web3.js `Connection` to the dapp's RPC URL (the send form) that sends its reads through
 * `proxyUrl` (the deployment API's RPC proxy for the chain) first, and to the dapp's URL when the proxy fails
 * (network error, HTTP error, timeout of {@link SOLANA_READ_TIMEOUT_MS}, a JSON-RPC error) — as
 * {@link solanaRpc} does; writes (`sendTransaction`, `requestAirdrop`) and bodies it cannot read go to the
 * dapp's URL only. Without `proxyUrl`: plain `fetch`.
 */
export function solanaFetch(proxyUrl: string | null): typeof fetch {
  if (!proxyUrl) return (input, init) => fetch(input, init);
  return async (input, init) => {
    const methods = methodsOf(init?.body);
    if (methods && !methods.some((m) => SOLANA_WRITES.has(m))) {
      try {
        const res = await fetch(proxyUrl, { ...init, signal: AbortSignal.timeout(SOLANA_READ_TIMEOUT_MS) });
        if (res.ok) {
          const answer = (await res.clone().json()) as { error?: unknown } | { error?: unknown }[];
          if (!(Array.isArray(answer) ? answer : [answer]).some((a) => a?.error)) return res;
        }
      } catch {
        // The dapp's own RPC next.
      }
    }
    return fetch(input, init);
  };
}

/** Whole units of a base-unit amount as a decimal string (`1500000000n`, 9 → `'1.5'`). Pure. */
export function formatUnits(amount: bigint, decimals: number): string {
  const digits = amount.toString().padStart(decimals + 1, '0');
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${digits.slice(0, digits.length - decimals)}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The SOL balance of `address` on `network` in whole SOL (decimal string), at `confirmed`; through `proxyUrl`
 * first when given (see {@link solanaRpc}).
 */
export async function readSolBalance(
  network: Network,
  address: string,
  proxyUrl: string | null = null,
): Promise<string> {
  const { value } = await solanaRpc<{ value: number }>(
    network,
    'getBalance',
    [address, { commitment: 'confirmed' }],
    proxyUrl,
  );
  return formatUnits(BigInt(value), network.nativeCurrency.decimals);
}

/** How long one Solana JSON-RPC call may take, ms. */
export const SOLANA_RPC_TIMEOUT_MS = 10_000;

/**
 * One Solana JSON-RPC 2.0 call over HTTP POST.
 * @returns the `result`
 * @throws Error `Solana RPC <method>: <message>` on an RPC error, a non-2xx status or the
 *   {@link SOLANA_RPC_TIMEOUT_MS} timeout.
 */
export async function solanaRpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(SOLANA_RPC_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`Solana RPC ${method}: HTTP ${res.status}`);
  const body = (await res.json()) as { result?: T; error?: { message?: string } };
  if (body.error) throw new Error(`Solana RPC ${method}: ${body.error.message ?? 'error'}`);
  return body.result as T;
}

/** The SPL Token program (base58). */
export const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
/** The SPL Token-2022 program (base58). */
export const TOKEN_2022_PROGRAM_ID = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

/** Whole units of a base-unit integer amount: `formatUnits(1500000000n, 9)` = `'1.5'`. */
export function formatUnits(amount: bigint, decimals: number): string {
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

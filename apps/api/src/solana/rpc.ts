import { BaseError, type Client } from 'viem';

/**
 * One Solana JSON-RPC 2.0 call through the chain's upstreams (`client` of `createSolanaChains`: the next upstream
 * when one fails, ranked by latency and errors).
 * @returns the `result`
 * @throws Error `Solana RPC <method>: <message>` on an RPC error, or when every upstream failed (HTTP error,
 *   network error, each upstream's 10 s timeout, `UPSTREAM.timeoutMs` of chains.ts).
 */
export async function solanaRpc<T>(chain: { client: Client }, method: string, params: unknown[] = []): Promise<T> {
  try {
    return (await chain.client.request({ method, params } as never)) as T;
  } catch (error) {
    const message = error instanceof BaseError ? error.details || error.shortMessage : (error as Error).message;
    throw new Error(`Solana RPC ${method}: ${message.split('\n')[0]}`);
  }
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

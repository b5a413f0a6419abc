import { z } from 'zod/mini';

/**
 * Sends a signed Solana transaction to a JSON-RPC endpoint (the stack's local Solana RPC,
 * apps/solana-rpc) and waits for its confirmation, over plain `fetch`: `sendTransaction` (base64),
 * then `getSignatureStatuses` until `confirmed` or `finalized`.
 */

/** How long {@link sendAndConfirm} waits for `confirmed` (ms). */
export const SOLANA_CONFIRM_TIMEOUT_MS = 30_000;
/** How long one RPC call may take (ms). */
const CALL_TIMEOUT_MS = 10_000;
/** Between two status reads (ms). */
const POLL_MS = 200;

/** Send options a dapp may pass (web3.js `SendOptions`; WalletConnect `sendOptions`). */
export const SolanaSendOptionsSchema = z.optional(
  z.object({
    skipPreflight: z.optional(z.boolean()),
    preflightCommitment: z.optional(z.enum(['processed', 'confirmed', 'finalized'])),
    maxRetries: z.optional(z.int().check(z.gte(0)).check(z.lte(100))),
  }),
);

/** {@link SolanaSendOptionsSchema}'s type. */
export type SolanaSendOptions = z.infer<typeof SolanaSendOptionsSchema>;

const StatusSchema = z.object({
  value: z.array(
    z.nullable(
      z.object({
        err: z.nullable(z.unknown()),
        confirmationStatus: z.optional(z.nullable(z.enum(['processed', 'confirmed', 'finalized']))),
      }),
    ),
  ),
});

/**
 * One JSON-RPC call.
 * @throws Error with the node's error message, or 'Solana RPC: HTTP <status>' / a timeout.
 */
async function call(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Solana RPC: HTTP ${response.status}`);
  const body = (await response.json()) as { result?: unknown; error?: { message?: string } };
  if (body.error) throw new Error(body.error.message ?? 'Solana RPC error');
  return body.result;
}

/**
 * Sends `transaction` (signed, base64 wire format) and waits until the node reports it `confirmed`.
 * @returns the transaction's base58 signature.
 * @throws Error with the node's message (preflight failure), 'Transaction failed: <err>' when it
 *   landed with an error, or 'Transaction not confirmed in time' after {@link SOLANA_CONFIRM_TIMEOUT_MS}.
 */
export async function sendAndConfirm(
  rpcUrl: string,
  transaction: string,
  options: SolanaSendOptions = {},
  timeoutMs = SOLANA_CONFIRM_TIMEOUT_MS,
): Promise<string> {
  const signature = z
    .string()
    .check(z.minLength(32))
    .parse(
      await call(rpcUrl, 'sendTransaction', [
        transaction,
        { encoding: 'base64', preflightCommitment: 'confirmed', ...options },
      ]),
    );
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { value } = StatusSchema.parse(await call(rpcUrl, 'getSignatureStatuses', [[signature]]));
    const status = value[0];
    if (status?.err) throw new Error(`Transaction failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return signature;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error('Transaction not confirmed in time');
}

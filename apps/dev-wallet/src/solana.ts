import { ErrorCode, err, ok, type Result } from '@airlock/protocol';
import { ed25519 } from '@noble/curves/ed25519';
import { sha256 } from '@noble/hashes/sha2';
import { z } from 'zod/mini';

/**
 * The Dev Wallet's Solana account (a WalletConnect `solana` namespace): the key of local Solana
 * dev account 1, `ed25519` seed `sha256("airlock-dev-solana/account/1")` (apps/solana-rpc), so it
 * differs from the demo page's Dev Solana Wallet (account 0). Public key: local chains only.
 * It signs messages and transactions; it does not send (no `solana_signAndSendTransaction`).
 */

/** The local chain's dev seed (apps/solana-rpc default). */
export const SOLANA_DEV_SEED = 'airlock-dev-solana';

/** Solana methods the wallet approves and executes. */
export const SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction'] as const;

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 of `bytes`. Pure. */
export function toBase58(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = n * 256n + BigInt(b);
  let out = '';
  for (; n > 0n; n /= 58n) out = ALPHABET[Number(n % 58n)] + out;
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** The bytes of base58 text. @throws Error 'Invalid base58' on a character outside the alphabet. */
export function fromBase58(text: string): Uint8Array {
  let n = 0n;
  for (const c of text) {
    const i = ALPHABET.indexOf(c);
    if (i < 0) throw new Error('Invalid base58');
    n = n * 58n + BigInt(i);
  }
  const out: number[] = [];
  for (; n > 0n; n /= 256n) out.unshift(Number(n % 256n));
  for (const c of text) {
    if (c !== '1') break;
    out.unshift(0);
  }
  return Uint8Array.from(out);
}

/** A Solana key: the 32-byte ed25519 seed and the base58 address of its public key. */
export type SolanaKey = { seed: Uint8Array; address: string };

/** The key of local Solana dev account `index` (default 1). */
export function solanaDevKey(index = 1, seed = SOLANA_DEV_SEED): SolanaKey {
  const secret = sha256(new TextEncoder().encode(`${seed}/account/${index}`));
  return { seed: secret, address: toBase58(ed25519.getPublicKey(secret)) };
}

/**
 * Signs a serialized transaction (legacy or version 0) as the signer `key`: finds the key among
 * the message's required signers and writes its ed25519 signature of the message in that slot.
 * @throws Error when the transaction is malformed or `key` is not a required signer.
 */
export function signTransaction(
  transaction: Uint8Array,
  key: SolanaKey,
): { signed: Uint8Array; signature: Uint8Array } {
  const signatures = transaction[0]!;
  if (signatures > 127) throw new Error('Too many signatures');
  const messageStart = 1 + 64 * signatures;
  const message = transaction.slice(messageStart);
  let at = (message[0]! & 0x80) !== 0 ? 1 : 0; // version prefix
  const required = message[at]!;
  at += 3;
  const keys = message[at]!;
  if (keys > 127) throw new Error('Too many accounts');
  at += 1;
  const wanted = fromBase58(key.address);
  for (let i = 0; i < Math.min(required, keys); i += 1) {
    const candidate = message.slice(at + 32 * i, at + 32 * (i + 1));
    if (candidate.every((b, j) => b === wanted[j])) {
      const signature = ed25519.sign(message, key.seed);
      const signed = transaction.slice();
      signed.set(signature, 1 + 64 * i);
      return { signed, signature };
    }
  }
  throw new Error('The Dev Wallet is not a signer of this transaction');
}

const SignMessageSchema = z.object({ message: z.string().check(z.minLength(1)), pubkey: z.string() });
const SignTransactionSchema = z.object({ transaction: z.string().check(z.minLength(1)) });

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/**
 * Executes an approved Solana request (WalletConnect's Solana JSON-RPC shapes):
 * `solana_signMessage` `{ message: base58, pubkey }` → `{ signature: base58 }`;
 * `solana_signTransaction` `{ transaction: base64 }` → `{ signature: base58, transaction: base64 }`.
 * @returns -32602 for malformed params, 4100 for another pubkey, -32603 when signing fails.
 */
export function executeSolanaRequest(method: string, params: unknown, key: SolanaKey): Result<unknown> {
  try {
    if (method === 'solana_signMessage') {
      const parsed = SignMessageSchema.safeParse(params);
      if (!parsed.success) return err(ErrorCode.InvalidParams, 'solana_signMessage expects { message, pubkey }.');
      if (parsed.data.pubkey !== key.address)
        return err(ErrorCode.Unauthorized, `Unknown account ${parsed.data.pubkey}`);
      return ok({ signature: toBase58(ed25519.sign(fromBase58(parsed.data.message), key.seed)) });
    }
    if (method === 'solana_signTransaction') {
      const parsed = SignTransactionSchema.safeParse(params);
      if (!parsed.success) return err(ErrorCode.InvalidParams, 'solana_signTransaction expects { transaction }.');
      const { signed, signature } = signTransaction(unb64(parsed.data.transaction), key);
      return ok({ signature: toBase58(signature), transaction: b64(signed) });
    }
    return err(ErrorCode.UnsupportedMethod, `The Dev Wallet does not implement ${method}`);
  } catch (error) {
    return err(ErrorCode.InternalError, error instanceof Error ? error.message : String(error));
  }
}

/** A readable line of a Solana request for the `Request` dialog. */
export function describeSolanaRequest(method: string, params: unknown): string[] {
  if (method === 'solana_signMessage') {
    const message = (params as { message?: unknown })?.message;
    try {
      return [`Message: ${new TextDecoder().decode(fromBase58(String(message)))}`];
    } catch {
      return ['Message: (not base58)'];
    }
  }
  return [`Transaction: ${String((params as { transaction?: unknown })?.transaction ?? '').length} base64 characters`];
}

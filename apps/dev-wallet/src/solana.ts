import { base58 } from '@scure/base';
import { ErrorCode, err, ok, type Result } from '@airlock/protocol';
import { ed25519 } from '@noble/curves/ed25519';
import { sha256 } from '@noble/hashes/sha2';
import { z } from 'zod/mini';
import { SolanaSendOptionsSchema, sendAndConfirm } from './solanaSend.ts';

/**
 * The Dev Wallet's Solana account (a WalletConnect `solana` namespace): the key of local Solana
 * dev account 1, `ed25519` seed `sha256("airlock-dev-solana/account/1")` (apps/solana-rpc), so it
 * differs from the demo page's Dev Solana Wallet (account 0). Public key: local chains only.
 * It signs messages and transactions, and sends them to the configured Solana RPC
 * (`solana_signAndSendTransaction`, see `solanaSend.ts`).
 */

/** The local chain's dev seed (apps/solana-rpc default). */
export const SOLANA_DEV_SEED = 'airlock-dev-solana';

/** Solana methods the wallet approves and executes. */
export const SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
] as const;

/** Base58 of `bytes` (`@scure/base`). Pure. */
export function toBase58(bytes: Uint8Array): string {
  return base58.encode(bytes);
}

/** The bytes of base58 text (`@scure/base`). @throws Error 'Invalid base58' on a character outside the alphabet. */
export function fromBase58(text: string): Uint8Array {
  try {
    return base58.decode(text);
  } catch {
    throw new Error('Invalid base58');
  }
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
const SignAndSendSchema = z.object({
  transaction: z.string().check(z.minLength(1)),
  sendOptions: SolanaSendOptionsSchema,
});

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Where a Solana request is executed: the signing key and the RPC `solana_signAndSendTransaction` sends to. */
export type SolanaContext = { key: SolanaKey; rpcUrl?: string };

/**
 * Executes an approved Solana request (WalletConnect's Solana JSON-RPC shapes):
 * `solana_signMessage` `{ message: base58, pubkey }` → `{ signature: base58 }`;
 * `solana_signTransaction` `{ transaction: base64 }` → `{ signature: base58, transaction: base64 }`;
 * `solana_signAndSendTransaction` `{ transaction: base64, sendOptions? }` → `{ signature: base58 }`
 * once the RPC reports it `confirmed` (signed with the dev key, sent to `context.rpcUrl`).
 * @returns -32602 for malformed params, 4100 for another pubkey, 4200 for another method, -32603
 *   when signing or sending fails (the node's message kept) or no Solana RPC is configured.
 */
export async function executeSolanaRequest(
  method: string,
  params: unknown,
  { key, rpcUrl }: SolanaContext,
): Promise<Result<unknown>> {
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
    if (method === 'solana_signAndSendTransaction') {
      const parsed = SignAndSendSchema.safeParse(params);
      if (!parsed.success)
        return err(ErrorCode.InvalidParams, 'solana_signAndSendTransaction expects { transaction, sendOptions? }.');
      if (!rpcUrl) return err(ErrorCode.InternalError, 'The Dev Wallet has no Solana RPC configured');
      const { signed } = signTransaction(unb64(parsed.data.transaction), key);
      return ok({ signature: await sendAndConfirm(rpcUrl, b64(signed), parsed.data.sendOptions) });
    }
    return err(ErrorCode.UnsupportedMethod, `The Dev Wallet does not implement ${method}`);
  } catch (error) {
    return err(ErrorCode.InternalError, error instanceof Error ? error.message : String(error));
  }
}

/** The title of a Solana request in the `Request` dialog. */
export function solanaRequestTitle(method: string): string {
  if (method === 'solana_signMessage') return 'Sign message';
  return method === 'solana_signAndSendTransaction' ? 'Send transaction' : 'Sign transaction';
}

/** A readable line of a Solana request for the `Request` dialog (`Label: value`). Never throws. */
export function describeSolanaRequest(method: string, params: unknown): string[] {
  if (method === 'solana_signMessage') {
    const message = (params as { message?: unknown })?.message;
    try {
      return [`Message: ${new TextDecoder().decode(fromBase58(String(message)))}`];
    } catch {
      return ['Message: (not base58)'];
    }
  }
  const text = String((params as { transaction?: unknown })?.transaction ?? '');
  let lines: string[];
  try {
    lines = describeTransaction(unb64(text));
  } catch {
    lines = [`Transaction: ${text.length} base64 characters (not readable)`];
  }
  return method === 'solana_signAndSendTransaction' ? [...lines, 'Sent to: the Solana RPC, confirmed'] : lines;
}

/** The System Program's id (32 zero bytes). */
const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** A compact-u16 (Solana's shortvec) at `at`. @returns the value and the next offset. */
function shortVec(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  for (let i = 0; i < 3; i += 1) {
    const b = bytes[at + i];
    if (b === undefined) throw new Error('Truncated transaction');
    value |= (b & 0x7f) << (7 * i);
    if ((b & 0x80) === 0) return [value, at + i + 1];
  }
  throw new Error('Malformed length');
}

/**
 * Readable lines of a serialized transaction (legacy or version 0): each System Program transfer as
 * `Transfer: <SOL> SOL to <address>`, any other instruction as `Instruction: program <id>`.
 * @throws Error on a malformed transaction.
 */
export function describeTransaction(transaction: Uint8Array): string[] {
  let [signatures, at] = shortVec(transaction, 0);
  at += 64 * signatures;
  if ((transaction[at]! & 0x80) !== 0) at += 1; // version prefix
  at += 3; // header
  const [keyCount, afterKeys] = shortVec(transaction, at);
  const keys = Array.from({ length: keyCount }, (_, i) =>
    toBase58(transaction.slice(afterKeys + 32 * i, afterKeys + 32 * (i + 1))),
  );
  at = afterKeys + 32 * keyCount + 32; // keys, recent blockhash
  const [instructions, afterCount] = shortVec(transaction, at);
  at = afterCount;
  const lines: string[] = [];
  for (let i = 0; i < instructions; i += 1) {
    const program = keys[transaction[at]!] ?? '(lookup table)';
    const [accountCount, afterAccountCount] = shortVec(transaction, at + 1);
    const accounts = [...transaction.slice(afterAccountCount, afterAccountCount + accountCount)];
    const [dataLength, dataAt] = shortVec(transaction, afterAccountCount + accountCount);
    const data = transaction.slice(dataAt, dataAt + dataLength);
    at = dataAt + dataLength;
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (program === SYSTEM_PROGRAM && dataLength === 12 && view.getUint32(0, true) === 2) {
      const lamports = view.getBigUint64(4, true);
      const sol = `${lamports / 1_000_000_000n}.${(lamports % 1_000_000_000n).toString().padStart(9, '0')}`.replace(
        /\.?0+$/,
        '',
      );
      lines.push(`Transfer: ${sol} SOL to ${keys[accounts[1]!] ?? '(lookup table)'}`);
    } else lines.push(`Instruction: program ${program}`);
  }
  if (at > transaction.length) throw new Error('Truncated transaction');
  return lines.length ? lines : ['Transaction: no instructions'];
}

/** The `Request` dialog's summary of a Solana request: its title, the network, then {@link describeSolanaRequest}'s lines. */
export function solanaRequestSummary(
  request: { method: string; params: unknown; caipNetworkId: string },
  networkName: string | undefined,
): { title: string; rows: { label: string; value: string }[] } {
  return {
    title: solanaRequestTitle(request.method),
    rows: [
      { label: 'Network', value: networkName ?? request.caipNetworkId },
      ...describeSolanaRequest(request.method, request.params).map((line) => {
        const [label, ...rest] = line.split(': ');
        return { label: label!, value: rest.join(': ') };
      }),
    ],
  };
}

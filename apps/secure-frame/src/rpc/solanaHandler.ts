import { base58, base64 } from '@scure/base';
import { z } from 'zod/mini';
import { Base64Schema, ErrorCode, SolanaSendOptionsSchema } from '@airlock/protocol';
import { apiFailure } from '../api/client.ts';
import type { SolanaAccount } from '../keys/wallet.ts';
import type { ApprovalDetails } from './details.ts';
import { describeSolanaTransaction } from './solanaDescribe.ts';
import type { ChosenRpc } from './trustedRpc.ts';

/**
 * The embedded wallet's `solana_*` methods (WalletConnect's Solana JSON-RPC shapes, as the widget
 * frame sends them): accounts from memory; `solana_signMessage` `{ message: base58, pubkey }` →
 * `{ signature: base58 }`; `solana_signTransaction` `{ transaction: base64 }` →
 * `{ signature: base58, transaction: base64 }` (signed, serialized); `solana_signAndSendTransaction`
 * `{ transaction: base64, sendOptions? }` → `{ signature: base58 }` after it reached its commitment
 * on the request's network. Signing shows the approval first. A message that is a transaction
 * message, neither text nor a Solana off-chain message, or a sign-in message for another origin
 * is refused before any approval (rpc/solanaMessage.ts). Anything else is 4200.
 */

/** The transaction code with `@solana/web3.js`, loaded on the first transaction request (a separate chunk). */
const transactionCode = () => Promise.all([import('./solanaTransaction.ts'), import('./solanaRpc.ts')]);

/** What the solana methods need from the handler. */
export type SolanaRequestDeps = {
  /** The solana account in memory. */
  account: SolanaAccount;
  /** Shows the approval with `details`. @throws 4001 when the person rejects */
  approve: (details: ApprovalDetails) => Promise<void>;
  /** The request's network (CAIP-2). */
  caipNetworkId: string;
  /** The verified dapp origin (a sign-in message must name it). */
  dappOrigin: string;
  /**
   * The http JSON-RPC the receiver's owner is read from and transactions are sent to: the
   * deployment's own for the network, else the page's (rpc/trustedRpc.ts).
   */
  rpc: ChosenRpc;
  /** ms an RPC call may take. */
  timeoutMs: number;
};

const invalid = (message: string) => apiFailure(ErrorCode.InvalidParams, message);

/** @throws -32602 'Unknown account' when `address` is given and is not the embedded account. */
function requireOwn(address: unknown, own: string): void {
  if (address !== undefined && address !== own) throw invalid('Unknown account');
}

/**
 * Answers one solana request (params as a positional list).
 * @throws 4200 for a method the embedded wallet does not support, -32602 for bad params and
 * refused messages,
 * 4001 when rejected, 4901 when the RPC is on another chain, -32603 with the chain's message
 * when sending fails.
 */
export async function handleSolanaRequest(
  method: string,
  params: unknown[],
  deps: SolanaRequestDeps,
): Promise<unknown> {
  const { account } = deps;
  if (method === 'solana_requestAccounts' || method === 'solana_getAccounts') return [{ pubkey: account.address }];
  const input = (params[0] ?? {}) as Record<string, unknown>;
  if (method === 'solana_signMessage') {
    if (typeof input.message !== 'string') throw invalid('Expected a base58 message');
    if (input.pubkey !== account.address) throw invalid('Unknown account');
    let bytes: Uint8Array;
    try {
      bytes = base58.decode(input.message);
    } catch {
      throw invalid('Expected a base58 message');
    }
    const { checkSolanaMessage } = await import('./solanaMessage.ts');
    await deps.approve(checkSolanaMessage(bytes, deps.dappOrigin));
    return { signature: base58.encode(account.signMessage(bytes)) };
  }
  if (method !== 'solana_signTransaction' && method !== 'solana_signAndSendTransaction')
    throw apiFailure(ErrorCode.UnsupportedMethod, 'Requested RPC call is not allowed');
  const text = Base64Schema.safeParse(input.transaction);
  if (!text.success) throw invalid('Expected a base64 transaction');
  requireOwn(input.pubkey, account.address);
  const sendOptions = z.optional(SolanaSendOptionsSchema).safeParse(input.sendOptions ?? input.options);
  if (!sendOptions.success) throw invalid('Invalid send options');
  const sends = method === 'solana_signAndSendTransaction';

  const [{ decodeSolanaTransaction, parseSolanaTransaction, signSolanaTransaction }, rpc] = await transactionCode();
  let tx: ReturnType<typeof parseSolanaTransaction>;
  try {
    tx = parseSolanaTransaction(base64.decode(text.data));
  } catch {
    throw invalid('Invalid transaction');
  }
  const signers = tx.message.staticAccountKeys.slice(0, tx.message.header.numRequiredSignatures);
  if (!signers.some((key) => key.toBase58() === account.address))
    throw invalid('The transaction does not need this account’s signature');
  const connection = rpc.solanaConnection(deps.rpc.url, deps.timeoutMs);
  if (sends) {
    const same = await rpc.isSolanaNetwork(connection, deps.caipNetworkId).catch((error: unknown) => {
      throw apiFailure(ErrorCode.InternalError, `The network did not answer: ${(error as Error).message}`);
    });
    if (!same) throw apiFailure(ErrorCode.ChainDisconnected, 'The network does not match the request');
  }
  const decoded = decodeSolanaTransaction(tx);
  // An owner read from the page's RPC is that RPC's word: the approval says so.
  let ownerFromApp = false;
  if (decoded.kind === 'spl' && !decoded.owner) {
    decoded.owner = await rpc.tokenAccountOwner(connection, decoded.destination);
    ownerFromApp = decoded.owner !== undefined && deps.rpc.source === 'app';
  }
  await deps.approve(describeSolanaTransaction(decoded, sends, ownerFromApp));
  const signed = signSolanaTransaction(tx, account.address, account.signMessage);
  if (!sends) return { signature: base58.encode(tx.signatures[0]!), transaction: base64.encode(signed) };
  try {
    return {
      signature: await rpc.sendAndConfirm(connection, signed, sendOptions.data ?? {}, tx.message.recentBlockhash),
    };
  } catch (error) {
    throw apiFailure(ErrorCode.InternalError, (error as Error).message);
  }
}

import '../chain/bufferGlobal.ts';
import { isSolanaAddress, parseCaipAddress, type Network, type TokenBalance } from '@airlock/protocol';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { Connection, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import type { Frame } from '../store/frame.ts';
import { findNetwork } from '../store/networks.ts';
import { refreshBalance } from './balance.ts';
import { resetRoute } from './modal.ts';
import { refreshPortfolio } from './portfolio.ts';
import { resetSend, setSend } from './send.ts';
import { SendMessage, amountInUnits, balanceInUnits } from './sendTokens.ts';
import { caughtError, type ErrorText } from '../i18n/errorKeys.ts';
import { showToast } from './toast.ts';
import { connectionOf } from '../store/connection.ts';

/**
 * Send SOL and SPL tokens (spec §1 'Send tokens (EVM and Solana)', §5 checks). Loaded lazily
 * with `@solana/web3.js` and `@solana/spl-token`: nothing of them is in the frame's initial JS.
 */

/** The commitment a send is preflighted and confirmed at (spec §5 preflight commitments). */
export const SOLANA_COMMITMENT = 'confirmed' as const;

/** How long a send waits for its confirmation, ms (the blockhash expiry usually ends it first). */
export const SOLANA_CONFIRM_TIMEOUT_MS = 60_000;

/** The spec §5 message of a receiver that is not a Solana address. */
export const INVALID_SOLANA_ADDRESS = SendMessage.InvalidSolanaAddress;

/**
 * The problems of a Solana send form (spec §5), first one first: amount and receiver required, a
 * token required, the token on another network, the receiver not base58 (32–44), the amount not a
 * number / zero / too many decimals / above the balance. Empty when the send can go. Pure.
 */
export function checkSolanaSend(
  input: { token: TokenBalance | null; sendTokenAmount: string; receiverAddress: string },
  caipNetworkId: string,
): ErrorText[] {
  const problems: ErrorText[] = [];
  const amount = input.sendTokenAmount.trim();
  const receiver = input.receiverAddress.trim();
  if (!amount || !receiver) problems.push(SendMessage.AmountAndReceiverRequired);
  if (!input.token) problems.push(SendMessage.TokenRequired);
  if (input.token && input.token.chainId !== caipNetworkId) problems.push(SendMessage.UnsupportedChain);
  if (receiver && !isSolanaAddress(receiver)) problems.push(INVALID_SOLANA_ADDRESS);
  if (!amount || !input.token) return problems;
  const value = amountInUnits(amount, input.token);
  if (!/^\d*\.?\d*$/.test(amount) || amount === '.') problems.push(SendMessage.InvalidAmount);
  else if (value === 0n) problems.push(SendMessage.ZeroAmount);
  else if (value === null) problems.push(SendMessage.TooManyDecimals);
  else if (value > balanceInUnits(input.token)) problems.push(SendMessage.InsufficientBalance);
  return problems;
}

/**
 * The transfer as a legacy transaction paid by `from`: a System transfer for SOL; for an SPL token
 * a `TransferChecked` between the associated token accounts, preceded by creating the receiver's
 * associated token account when it does not exist (the sender pays its rent). The token program
 * (Token or Token-2022) is the mint account's owner.
 * @throws Error when the RPC fails or the mint is not a token mint.
 */
export async function buildSolanaTransfer(
  connection: Connection,
  from: PublicKey,
  to: PublicKey,
  token: TokenBalance,
  amount: bigint,
): Promise<{ transaction: Transaction; blockhash: string; lastValidBlockHeight: number }> {
  const transaction = new Transaction();
  if (!token.address) {
    transaction.add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: amount }));
  } else {
    const mint = new PublicKey(parseCaipAddress(token.address).address);
    const mintAccount = await connection.getAccountInfo(mint, SOLANA_COMMITMENT);
    const program = mintAccount?.owner;
    if (!program || (!program.equals(TOKEN_PROGRAM_ID) && !program.equals(TOKEN_2022_PROGRAM_ID)))
      throw new Error(`${token.symbol} is not a token mint on this network`);
    const source = getAssociatedTokenAddressSync(mint, from, true, program, ASSOCIATED_TOKEN_PROGRAM_ID);
    const destination = getAssociatedTokenAddressSync(mint, to, true, program, ASSOCIATED_TOKEN_PROGRAM_ID);
    if (!(await connection.getAccountInfo(destination, SOLANA_COMMITMENT)))
      transaction.add(
        createAssociatedTokenAccountInstruction(from, destination, to, mint, program, ASSOCIATED_TOKEN_PROGRAM_ID),
      );
    transaction.add(
      createTransferCheckedInstruction(
        source,
        mint,
        destination,
        from,
        amount,
        Number(token.quantity.decimals),
        [],
        program,
      ),
    );
  }
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash(SOLANA_COMMITMENT);
  transaction.recentBlockhash = blockhash;
  transaction.feePayer = from;
  return { transaction, blockhash, lastValidBlockHeight };
}

/**
 * The rent a new associated token account holds (165 bytes, rent-exempt at the default rent of
 * 3480 lamports per byte-year for two years, with the 128-byte account overhead): what sending an
 * SPL token to an address without one costs on top of the fee, in lamports.
 */
export const TOKEN_ACCOUNT_RENT_LAMPORTS = 2_039_280n;

/** Lamports per signature (the base fee), when the RPC cannot price a message. */
export const LAMPORTS_PER_SIGNATURE = 5_000n;

/** What a Solana send costs besides its amount, in lamports: the network fee and the rent of an account it creates. */
export type SolanaSendCost = { fee: bigint; deposit: bigint };

/**
 * The network fee of the send form's transfer (`getFeeForMessage` of the transaction the send
 * would build, else 5000 lamports per signature) and the rent of the receiver's token account
 * when the send creates it. The form must pass {@link checkSolanaSend}.
 * @throws Error when the RPC fails.
 */
export async function quoteSolanaSend(frame: Frame): Promise<SolanaSendCost> {
  const { send } = frame.store.getState();
  const connection = connectionOf(frame.store.getState());
  const network = findNetwork(frame.config, connection.caipNetworkId);
  if (!connection.address || !network || !send.token) throw new Error('Not connected');
  const rpc = rpcConnection(network, await (await frame.chain()).solanaFetch(network));
  const from = new PublicKey(connection.address);
  const { transaction } = await buildSolanaTransfer(
    rpc,
    from,
    new PublicKey(send.receiverAddress.trim()),
    send.token,
    amountInUnits(send.sendTokenAmount, send.token) ?? 0n,
  );
  const priced = await rpc.getFeeForMessage(transaction.compileMessage(), SOLANA_COMMITMENT).catch(() => null);
  const fee = priced?.value != null ? BigInt(priced.value) : LAMPORTS_PER_SIGNATURE;
  // A token send to an address without a token account first creates it (two instructions).
  const deposit = send.token.address && transaction.instructions.length > 1 ? TOKEN_ACCOUNT_RENT_LAMPORTS : 0n;
  return { fee, deposit };
}

/**
 * The largest amount the form's token can send, as a decimal string in whole tokens: an SPL
 * token's whole balance; for SOL the balance less one signature's fee, never below zero. Pure.
 */
export function solanaMaxAmount(token: TokenBalance): string {
  const balance = balanceInUnits(token);
  const decimals = Number(token.quantity.decimals);
  const max = token.address ? balance : balance > LAMPORTS_PER_SIGNATURE ? balance - LAMPORTS_PER_SIGNATURE : 0n;
  const whole = max.toString().padStart(decimals + 1, '0');
  const fraction = whole.slice(whole.length - decimals).replace(/0+$/, '');
  const integer = whole.slice(0, whole.length - decimals);
  return fraction ? `${integer}.${fraction}` : integer;
}

/**
 * Sends the Solana send form (spec §4 'Send'): checks it, builds the transfer (its reads through the API's RPC
 * proxy first when the deployment has one), has the connected wallet sign it (`solana_signTransaction`), sends it
 * to the network's RPC (the dapp's URL: the proxy takes no writes) (preflight at
 * {@link SOLANA_COMMITMENT}) and waits for that commitment (signature subscription, bounded by
 * the blockhash expiry and {@link SOLANA_CONFIRM_TIMEOUT_MS}); then resets the form, returns to
 * Account and refreshes the balances and activity. A check, wallet or network failure goes to
 * `send.error` and the form keeps its values. Never throws.
 */
export async function submitSolanaSend(frame: Frame): Promise<void> {
  const { send } = frame.store.getState();
  const connection = connectionOf(frame.store.getState());
  if (send.loading) return;
  const problems = checkSolanaSend(send, connection.caipNetworkId);
  if (problems.length) return setSend(frame, { error: problems[0]! });
  const network = findNetwork(frame.config, connection.caipNetworkId);
  const connector = frame.connectors.active();
  if (!connection.address || !connector || !network) return setSend(frame, { error: 'Not connected' });
  setSend(frame, { loading: true, error: null });
  try {
    const rpc = rpcConnection(network, await (await frame.chain()).solanaFetch(network));
    const { transaction, blockhash, lastValidBlockHeight } = await buildSolanaTransfer(
      rpc,
      new PublicKey(connection.address),
      new PublicKey(send.receiverAddress.trim()),
      send.token!,
      amountInUnits(send.sendTokenAmount, send.token)!,
    );
    const unsigned = transaction.serialize({ requireAllSignatures: false, verifySignatures: false });
    const signed = await connector.request(
      { method: 'solana_signTransaction', params: [{ transaction: new Uint8Array(unsigned) }] },
      connection.caipNetworkId,
    );
    if (!signed.ok) return setSend(frame, { loading: false, error: signed.error.message });
    const bytes = (signed.value as { transaction: Uint8Array }).transaction;
    const signature = await rpc.sendRawTransaction(bytes, { preflightCommitment: SOLANA_COMMITMENT });
    const confirmed = await Promise.race([
      rpc.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, SOLANA_COMMITMENT),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('Transaction not confirmed in time')), SOLANA_CONFIRM_TIMEOUT_MS),
      ),
    ]);
    if (confirmed.value.err) throw new Error('Transaction failed');
  } catch (error) {
    return setSend(frame, { loading: false, error: caughtError(error, String(error)) });
  }
  resetSend(frame);
  resetRoute(frame, { view: 'Account' });
  showToast(frame, 'Transaction sent', 'success');
  await Promise.all([refreshBalance(frame, { force: true }), refreshPortfolio(frame)]);
}

/**
 * A web3.js connection to the network's first RPC URL at {@link SOLANA_COMMITMENT} (WebSocket: port + 1, the
 * confirmation's signature subscription); `fetch` sends its reads through the API's RPC proxy first (chain/solana.ts).
 */
function rpcConnection(network: Network, fetch: typeof globalThis.fetch): Connection {
  return new Connection(network.rpcUrls.default.http[0]!, { commitment: SOLANA_COMMITMENT, fetch });
}

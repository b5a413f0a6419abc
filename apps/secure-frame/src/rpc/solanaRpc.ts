import '../solanaBuffer.ts';
import { Connection, PublicKey, type Commitment } from '@solana/web3.js';

/**
 * The secure frame's calls to a Solana network's JSON-RPC (the URL the widget frame gives with
 * the request, for the active network): the genesis check, a token account's owner, and sending
 * plus confirming a signed transaction. Every call is bounded by a timeout. Loaded lazily.
 */

/** The commitment a send is preflighted and confirmed at unless the dapp asks for another (as the widget's own sends). */
export const DEFAULT_COMMITMENT: Commitment = 'confirmed';

/** How long a sent transaction may take to reach its commitment, ms. */
export const CONFIRM_TIMEOUT_MS = 60_000;

/** How often the signature status is polled while confirming, ms. */
const POLL_MS = 400;

/** Rejects with `message` after `ms`. */
function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** A web3.js connection to `rpcUrl` whose every HTTP call is aborted after `timeoutMs`. */
export function solanaConnection(rpcUrl: string, timeoutMs: number): Connection {
  return new Connection(rpcUrl, {
    commitment: DEFAULT_COMMITMENT,
    disableRetryOnRateLimit: true,
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
  });
}

/**
 * True when the RPC's chain is `caipNetworkId` (CAIP-30: the reference is the first 32
 * characters of the genesis hash).
 * @throws Error when the RPC does not answer.
 */
export async function isSolanaNetwork(connection: Connection, caipNetworkId: string): Promise<boolean> {
  const reference = caipNetworkId.split(':')[1] ?? '';
  return (await connection.getGenesisHash()).slice(0, 32) === reference;
}

/** The wallet owning the SPL token account `account` (bytes 32–64 of its data), or undefined when unknown. */
export async function tokenAccountOwner(connection: Connection, account: string): Promise<string | undefined> {
  try {
    const info = await connection.getAccountInfo(new PublicKey(account), DEFAULT_COMMITMENT);
    if (!info || info.data.length < 64) return undefined;
    return new PublicKey(info.data.subarray(32, 64)).toBase58();
  } catch {
    return undefined;
  }
}

/** Send options of `solana_signAndSendTransaction` (web3.js `SendOptions`). */
export type SolanaSendOptions = {
  skipPreflight?: boolean;
  preflightCommitment?: Commitment;
  maxRetries?: number;
};

/**
 * Sends a signed transaction and waits until it reaches `commitment` (the preflight commitment
 * the dapp asked for, else {@link DEFAULT_COMMITMENT}) by polling its status, bounded by the
 * expiry of its `blockhash` and {@link CONFIRM_TIMEOUT_MS}. Returns the base58 signature.
 * @throws Error with the RPC's message when sending fails, 'Transaction failed' when it landed
 * with an error, 'Transaction expired' / 'Transaction not confirmed in time' otherwise.
 */
export async function sendAndConfirm(
  connection: Connection,
  signed: Uint8Array,
  options: SolanaSendOptions,
  blockhash: string,
): Promise<string> {
  const commitment = options.preflightCommitment ?? DEFAULT_COMMITMENT;
  const signature = await connection.sendRawTransaction(signed, { ...options, preflightCommitment: commitment });
  const reached = (status: string | null | undefined) =>
    status === 'finalized' ||
    (status === 'confirmed' && commitment !== 'finalized') ||
    (status === 'processed' && commitment === 'processed');
  const confirm = async () => {
    for (;;) {
      const { value } = await connection.getSignatureStatuses([signature]);
      const status = value[0];
      if (status?.err) throw new Error('Transaction failed');
      if (reached(status?.confirmationStatus)) return signature;
      if (!(await connection.isBlockhashValid(blockhash, { commitment })).value) {
        // The blockhash just expired: a last look, since the transaction may have landed meanwhile.
        const last = (await connection.getSignatureStatuses([signature])).value[0];
        if (reached(last?.confirmationStatus) && !last?.err) return signature;
        throw new Error('Transaction expired');
      }
      await new Promise((done) => setTimeout(done, POLL_MS));
    }
  };
  return within(confirm(), CONFIRM_TIMEOUT_MS, 'Transaction not confirmed in time');
}

import type { Emitter, Listener } from '../emitter.ts';
import type { RequestArguments } from '../provider.ts';
import { fromBase58 } from './codec.ts';

/** A public key as `getProvider('solana')` gives it: the parts of `@solana/web3.js`'s `PublicKey` dapps use. */
export type SolanaPublicKey = {
  /** The base58 address. */
  toBase58(): string;
  /** The 32 key bytes. */
  toBytes(): Uint8Array;
};

/**
 * A transaction the provider signs: raw bytes (answered with bytes), or a `@solana/web3.js`
 * `Transaction` / `VersionedTransaction` (answered with a new instance of the same class, via
 * `Transaction.from` / `VersionedTransaction.deserialize`).
 */
export type SolanaTransaction = Uint8Array | { serialize(config?: object): Uint8Array };

/** Options of {@link SolanaProvider.signAndSendTransaction} (web3.js `SendOptions`). */
export type SolanaSendOptions = {
  skipPreflight?: boolean;
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized';
  maxRetries?: number;
};

/** Events of the Solana provider and what listeners receive. */
export type SolanaProviderEvents = {
  /** Connected: the public key. */
  connect: SolanaPublicKey;
  /** Disconnected (the listener gets null). */
  disconnect: null;
  /** Another account (its key), or null when the wallet no longer authorises one. */
  accountChanged: SolanaPublicKey | null;
};

/**
 * The Solana provider of `widget.getProvider('solana')` (the shape Phantom and the Solana wallet
 * adapters use). Every method rejects with a `ProviderRpcError` (4001 rejected, 4100 not
 * connected, 4900 no frame, -32602 malformed input).
 */
export type SolanaProvider = {
  /** The connected account's key, null while disconnected. */
  readonly publicKey: SolanaPublicKey | null;
  /** Asks for the account (opens the modal while disconnected); resolves with its key. */
  connect(): Promise<{ publicKey: SolanaPublicKey }>;
  /** Disconnects the widget's wallet. */
  disconnect(): Promise<void>;
  /** Signs bytes (ed25519 by the wallet). Resolves with the 64-byte signature and the signer. */
  signMessage(message: Uint8Array): Promise<{ signature: Uint8Array; publicKey: SolanaPublicKey }>;
  /** Signs a transaction without sending it. */
  signTransaction<T extends SolanaTransaction>(transaction: T): Promise<T>;
  /** Signs several transactions (one prompt). */
  signAllTransactions<T extends SolanaTransaction>(transactions: T[]): Promise<T[]>;
  /** Signs and sends a transaction through the wallet; resolves with its base58 signature. */
  signAndSendTransaction(
    transaction: SolanaTransaction,
    options?: SolanaSendOptions,
  ): Promise<{ signature: string; publicKey: SolanaPublicKey }>;
  /** Adds a listener; returns the provider. */
  on<E extends keyof SolanaProviderEvents>(event: E, listener: (data: SolanaProviderEvents[E]) => void): SolanaProvider;
  /** Removes a listener; returns the provider. */
  off<E extends keyof SolanaProviderEvents>(
    event: E,
    listener: (data: SolanaProviderEvents[E]) => void,
  ): SolanaProvider;
};

/** A {@link SolanaPublicKey} for a base58 address. */
export const publicKey = (a: string): SolanaPublicKey => ({
  toBase58: () => a,
  toBytes: () => fromBase58(a),
});

const serialize = (t: SolanaTransaction) =>
  t instanceof Uint8Array ? t : t.serialize({ requireAllSignatures: false, verifySignatures: false });
const revive = <T extends SolanaTransaction>(t: T, bytes: Uint8Array): T =>
  t instanceof Uint8Array ? (bytes as T) : (t as any).constructor['version' in t ? 'deserialize' : 'from'](bytes);

/**
 * Creates the Solana provider over the frame's `solana_*` requests (`@airlock/protocol`
 * `SolanaRequestParamsSchemas`). `frame` is the widget's emitter of the solana namespace: the
 * frame's `accountsChanged` there becomes `connect` / `accountChanged` / `disconnect`, and
 * `onChange` (the Airlock Wallet Standard wallet) hears every change too.
 */
export const createSolanaProvider = (
  send: (args: RequestArguments) => Promise<unknown>,
  frame: Emitter,
  events: Emitter,
  onChange: () => void,
): SolanaProvider => {
  let key: SolanaPublicKey | null = null;
  const set = (list: unknown) => {
    const a = (list as string[])[0];
    if (a == key?.toBase58()) return;
    const was = key;
    key = a ? publicKey(a) : null;
    events.emit(key ? (was ? 'accountChanged' : 'connect') : 'disconnect', key);
    onChange();
  };
  frame.on('accountsChanged', set);
  const call = async (method: string, params: object[] = []) => send({ method, params }) as Promise<any>;
  const p: SolanaProvider = {
    get publicKey() {
      return key;
    },
    connect: async () => (set(await call('solana_requestAccounts')), { publicKey: key! }),
    disconnect: async () => void (await call('solana_disconnect')),
    signMessage: async (message) => ({
      signature: (await call('solana_signMessage', [{ message }])).signature,
      publicKey: key!,
    }),
    signTransaction: async (t) =>
      revive(t, (await call('solana_signTransaction', [{ transaction: serialize(t) }])).transaction),
    signAllTransactions: async (ts) => {
      const r = await call('solana_signAllTransactions', [{ transactions: ts.map(serialize) }]);
      return ts.map((t, i) => revive(t, r.transactions[i]));
    },
    signAndSendTransaction: async (t, o) => ({
      signature: (await call('solana_signAndSendTransaction', [{ transaction: serialize(t), sendOptions: o }]))
        .signature,
      publicKey: key!,
    }),
    on: (e, l) => (events.on(e, l as Listener), p),
    off: (e, l) => (events.removeListener(e, l as Listener), p),
  };
  return p;
};

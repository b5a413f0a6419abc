import { base58 } from '@scure/base';
import { Connection, type Keypair, Transaction, VersionedTransaction } from '@solana/web3.js';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import type { Approver } from '../devWallet/approval.ts';
import { DevWalletRpcError } from '../devWallet/errors.ts';
import { createDevWalletSession } from '../devWallet/session.ts';

/** The Dev Solana Wallet's name in the Wallet Standard (docs/integration.md: the tests pick it by this name). */
export const DEV_SOLANA_WALLET_NAME = 'Dev Solana Wallet';

const ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#14f195"/><path d="M9 11h14l-3 3H9zm0 7h11l3 3H9z" fill="#0b1020"/></svg>',
  );

/** The Wallet Standard chains it signs for. */
const CHAINS = ['solana:localnet', 'solana:devnet', 'solana:testnet', 'solana:mainnet'] as const;
const FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const;

/** A wallet error carrying an EIP-1193 style code (4001 rejected, 4100 not authorised). */
export class DevSolanaWalletError extends DevWalletRpcError {
  override name = 'DevSolanaWalletError';
}

/** Options of {@link createDevSolanaWallet}. */
export type DevSolanaWalletOptions = {
  /** The key it holds (a local dev account). */
  keypair: Keypair;
  /** The local chain's RPC, where `signAndSendTransaction` sends. */
  rpcUrl: string;
  /** Asks the person (panel, or auto-approve). */
  approve: Approver;
  /** Where the approval is remembered across reloads ({@link AUTHORISED_KEY}); default `window.localStorage`. */
  storage?: Storage;
};

/** localStorage key that remembers the approved account (like an extension, survives reloads). */
export const AUTHORISED_KEY = 'devSolanaWallet:authorised';

/**
 * The Dev Solana Wallet (dev and tests only): a Wallet Standard wallet holding one local dev key.
 * Features: `standard:connect` (asks unless already authorised or `silent`), `standard:disconnect`,
 * `standard:events` (`change`), `solana:signMessage` (ed25519), `solana:signTransaction` and
 * `solana:signAndSendTransaction` (legacy and version 0; sends to `rpcUrl` at `confirmed`). Every
 * prompt goes through `approve`; a rejection throws {@link DevSolanaWalletError} 4001.
 */
export function createDevSolanaWallet(options: DevSolanaWalletOptions): Wallet {
  const { keypair, rpcUrl, approve } = options;
  const address = keypair.publicKey.toBase58();
  const account: WalletAccount = {
    address,
    publicKey: keypair.publicKey.toBytes(),
    chains: CHAINS,
    features: FEATURES,
  };
  // Remembered like an extension remembers a trusted site, so a reload reconnects silently.
  const session = createDevWalletSession({
    storage: options.storage ?? window.localStorage,
    key: AUTHORISED_KEY,
    value: address,
    approve,
    fail: (code, message) => new DevSolanaWalletError(code, message),
    accounts: () => [account],
  });
  const ask = session.ask;
  const mine = (input: { account?: WalletAccount }) => {
    if (!session.authorised || input.account?.address !== address)
      throw new DevSolanaWalletError(4100, 'The account is not authorised');
  };
  const sign = (bytes: Uint8Array): Uint8Array => {
    const versioned = (bytes[1 + 64 * bytes[0]!]! & 0x80) !== 0;
    if (versioned) {
      const tx = VersionedTransaction.deserialize(bytes);
      tx.sign([keypair]);
      return tx.serialize();
    }
    const tx = Transaction.from(bytes);
    tx.partialSign(keypair);
    return tx.serialize({ requireAllSignatures: false, verifySignatures: false });
  };
  const connection = new Connection(rpcUrl, 'confirmed');
  return {
    version: '1.0.0',
    name: DEV_SOLANA_WALLET_NAME,
    icon: ICON as Wallet['icon'],
    chains: CHAINS,
    get accounts() {
      return session.current();
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => {
          if (!session.authorised && !input?.silent) {
            await ask('standard:connect', [`Account: ${address}`]);
            session.authorise(true);
          }
          return { accounts: session.current() };
        },
      },
      ...session.standard,
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: async (...inputs: { account: WalletAccount; message: Uint8Array }[]) => {
          const outputs = [];
          for (const input of inputs) {
            mine(input);
            await ask('solana:signMessage', [`Message: ${new TextDecoder().decode(input.message)}`]);
            const { ed25519 } = await import('@noble/curves/ed25519');
            outputs.push({
              signedMessage: input.message,
              signature: ed25519.sign(input.message, keypair.secretKey.slice(0, 32)),
            });
          }
          return outputs;
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (...inputs: { account: WalletAccount; transaction: Uint8Array }[]) => {
          const outputs = [];
          for (const input of inputs) {
            mine(input);
            await ask('solana:signTransaction', [`Transaction: ${input.transaction.length} bytes`]);
            outputs.push({ signedTransaction: sign(input.transaction) });
          }
          return outputs;
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: async (
          ...inputs: { account: WalletAccount; transaction: Uint8Array; options?: { skipPreflight?: boolean } }[]
        ) => {
          const outputs = [];
          for (const input of inputs) {
            mine(input);
            await ask('solana:signAndSendTransaction', [
              `Transaction: ${input.transaction.length} bytes`,
              `RPC: ${rpcUrl}`,
            ]);
            const signature = await connection.sendRawTransaction(sign(input.transaction), {
              skipPreflight: input.options?.skipPreflight ?? false,
              preflightCommitment: 'confirmed',
            });
            outputs.push({ signature: base58.decode(signature) });
          }
          return outputs;
        },
      },
    },
  };
}

import '../solanaBuffer.ts';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  TokenInstruction,
  decodeInstruction,
} from '@solana/spl-token';
import {
  ComputeBudgetProgram,
  type PublicKey,
  SystemInstruction,
  SystemProgram,
  TransactionInstruction,
  VersionedTransaction,
} from '@solana/web3.js';

/**
 * Solana transactions in the secure frame: parsing the serialized bytes the widget frame sends
 * (legacy or v0, web3.js `VersionedTransaction`), decoding what they do for the approval screen,
 * and adding the account's ed25519 signature. Loaded lazily with `@solana/web3.js` and
 * `@solana/spl-token` (only a Solana transaction request loads them). Never touches a network.
 */

/** What a transaction does, decoded from its instructions (compute-budget instructions are left out). */
export type DecodedSolanaTransaction =
  | {
      kind: 'sol';
      /** Base58 receiver. */
      to: string;
      /** Amount in lamports. */
      lamports: bigint;
    }
  | {
      kind: 'spl';
      /** Base58 mint. */
      mint: string;
      /** Amount in the token's base units. */
      amount: bigint;
      /** The token's decimals as the instruction states them (`TransferChecked`). */
      decimals: number;
      /** The receiver's token account (base58). */
      destination: string;
      /** The receiver's wallet address when the transaction creates its associated token account, else undefined. */
      owner: string | undefined;
      /** The transaction also creates the receiver's associated token account (the sender pays its rent). */
      createsAccount: boolean;
    }
  | {
      kind: 'other';
      /** Base58 ids of the programs called, in first-call order, without duplicates. */
      programIds: string[];
      /** How many instructions the transaction has (compute-budget ones included). */
      instructionCount: number;
      /** Instructions whose accounts are in address lookup tables (v0) and could not be read here. */
      unresolved: boolean;
    };

/** The ids of the Associated Token Account program's `Create` (empty data or 0) and `CreateIdempotent` (1). */
const ATA_CREATE = new Set([undefined, 0, 1]);

/**
 * Parses serialized transaction bytes (legacy or v0 wire format).
 * @throws Error 'Invalid transaction' when the bytes are not a transaction.
 */
export function parseSolanaTransaction(bytes: Uint8Array): VersionedTransaction {
  try {
    return VersionedTransaction.deserialize(bytes);
  } catch {
    throw new Error('Invalid transaction');
  }
}

/** The instructions of `tx` with their accounts resolved; null for one that uses an address lookup table (v0). */
function instructionsOf(tx: VersionedTransaction): {
  programIds: PublicKey[];
  instructions: (TransactionInstruction | null)[];
} {
  const { message } = tx;
  const keys = message.staticAccountKeys;
  const programIds: PublicKey[] = [];
  const instructions = message.compiledInstructions.map((ix) => {
    const programId = keys[ix.programIdIndex];
    if (programId) programIds.push(programId);
    if (!programId || ix.accountKeyIndexes.some((i) => i >= keys.length)) return null;
    return new TransactionInstruction({
      programId,
      keys: ix.accountKeyIndexes.map((i) => ({
        pubkey: keys[i]!,
        isSigner: message.isAccountSigner(i),
        isWritable: message.isAccountWritable(i),
      })),
      data: Buffer.from(ix.data),
    });
  });
  return { programIds, instructions };
}

/** A System Program `Transfer`, or null. */
function systemTransfer(ix: TransactionInstruction): { to: string; lamports: bigint } | null {
  if (!ix.programId.equals(SystemProgram.programId)) return null;
  try {
    if (SystemInstruction.decodeInstructionType(ix) !== 'Transfer') return null;
    const { toPubkey, lamports } = SystemInstruction.decodeTransfer(ix);
    return { to: toPubkey.toBase58(), lamports: BigInt(lamports) };
  } catch {
    return null;
  }
}

/** An SPL Token / Token-2022 `TransferChecked`, or null. */
function tokenTransfer(
  ix: TransactionInstruction,
): { mint: string; amount: bigint; decimals: number; destination: string } | null {
  if (!ix.programId.equals(TOKEN_PROGRAM_ID) && !ix.programId.equals(TOKEN_2022_PROGRAM_ID)) return null;
  try {
    const decoded = decodeInstruction(ix, ix.programId);
    if (decoded.data.instruction !== TokenInstruction.TransferChecked) return null;
    const { keys, data } = decoded as Extract<
      typeof decoded,
      { data: { instruction: TokenInstruction.TransferChecked } }
    >;
    return {
      mint: keys.mint.pubkey.toBase58(),
      amount: BigInt(data.amount),
      decimals: data.decimals,
      destination: keys.destination.pubkey.toBase58(),
    };
  } catch {
    return null;
  }
}

/** An Associated Token Account `Create` / `CreateIdempotent`: the account made and its owner, or null. */
function createsTokenAccount(ix: TransactionInstruction): { account: string; owner: string } | null {
  if (!ix.programId.equals(ASSOCIATED_TOKEN_PROGRAM_ID) || !ATA_CREATE.has(ix.data[0])) return null;
  const [, account, owner] = ix.keys;
  return account && owner ? { account: account.pubkey.toBase58(), owner: owner.pubkey.toBase58() } : null;
}

/**
 * What `tx` does: a single SOL transfer (System `Transfer`); an SPL transfer (one `TransferChecked`,
 * optionally preceded by creating the receiver's associated token account); anything else as the
 * programs it calls and its instruction count. Compute-budget instructions (priority fees) do
 * not change the kind. Pure.
 */
export function decodeSolanaTransaction(tx: VersionedTransaction): DecodedSolanaTransaction {
  const { programIds, instructions } = instructionsOf(tx);
  const other: DecodedSolanaTransaction = {
    kind: 'other',
    programIds: [...new Set(programIds.map((p) => p.toBase58()))],
    instructionCount: instructions.length,
    unresolved: instructions.some((ix) => ix === null),
  };
  if (other.unresolved) return other;
  const main = (instructions as TransactionInstruction[]).filter(
    (ix) => !ix.programId.equals(ComputeBudgetProgram.programId),
  );
  if (main.length === 1) {
    const sol = systemTransfer(main[0]!);
    if (sol) return { kind: 'sol', ...sol };
  }
  const last = main.at(-1);
  const transfer = last ? tokenTransfer(last) : null;
  if (!transfer) return other;
  if (main.length === 1) return { kind: 'spl', ...transfer, owner: undefined, createsAccount: false };
  const created = main.length === 2 ? createsTokenAccount(main[0]!) : null;
  if (!created || created.account !== transfer.destination) return other;
  return { kind: 'spl', ...transfer, owner: created.owner, createsAccount: true };
}

/**
 * Adds the ed25519 signature of `address` (made by `sign` over the message bytes) to `tx`.
 * @throws Error when `address` is not one of the transaction's required signers.
 */
export function signSolanaTransaction(
  tx: VersionedTransaction,
  address: string,
  sign: (message: Uint8Array) => Uint8Array,
): Uint8Array {
  const { message } = tx;
  const signers = message.staticAccountKeys.slice(0, message.header.numRequiredSignatures);
  const index = signers.findIndex((key) => key.toBase58() === address);
  if (index < 0) throw new Error('The transaction does not need this account’s signature');
  tx.signatures[index] = sign(message.serialize());
  return tx.serialize();
}

import { ComputeBudgetProgram, type VersionedMessage } from '@solana/web3.js';
import { LAMPORTS_PER_SIGNATURE } from './chain.ts';

/** Compute units an instruction gets when the transaction sets no limit (Agave's default). */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000;
/** The most compute units a transaction may ask for. */
const MAX_UNITS = 1_400_000;

/**
 * The fee of a message in lamports: 5,000 per required signature plus the priority fee
 * (`SetComputeUnitPrice` micro-lamports × the compute unit limit, rounded up). The limit is the
 * `SetComputeUnitLimit` value, else 200,000 per instruction (at most 1,400,000).
 */
export function feeForMessage(message: VersionedMessage): number {
  const keys = message.staticAccountKeys;
  let price = 0n;
  let limit: bigint | undefined;
  let instructions = 0;
  for (const ix of message.compiledInstructions) {
    const program = keys[ix.programIdIndex];
    const data = Buffer.from(ix.data);
    if (program?.equals(ComputeBudgetProgram.programId)) {
      if (data[0] === 2 && data.length >= 5) limit = BigInt(data.readUInt32LE(1));
      if (data[0] === 3 && data.length >= 9) price = data.readBigUInt64LE(1);
    } else {
      instructions += 1;
    }
  }
  const units = limit ?? BigInt(Math.min(MAX_UNITS, DEFAULT_UNITS_PER_INSTRUCTION * instructions));
  const priority = (price * units + 999_999n) / 1_000_000n;
  return LAMPORTS_PER_SIGNATURE * message.header.numRequiredSignatures + Number(priority);
}

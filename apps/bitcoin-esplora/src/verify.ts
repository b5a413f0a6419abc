import { schnorr, secp256k1 } from '@noble/curves/secp256k1';
import { ripemd160 } from '@noble/hashes/legacy';
import { sha256 } from '@noble/hashes/sha2';
import { equalBytes } from '@noble/curves/abstract/utils';
import { OutScript, SigHash, type Transaction } from '@scure/btc-signer';

/** An output a transaction input spends: its locking script and amount (satoshis). */
export type PrevOut = { script: Uint8Array; amount: bigint };

/** Why an input's signature was refused (Bitcoin Core's reject reasons where one fits). */
export class ScriptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScriptError';
  }
}

const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes));

/** The sighash types a segwit v0 signature may carry (BIP-143): ALL, NONE, SINGLE, each with ANYONECANPAY. */
const V0_SIGHASH = new Set([0x01, 0x02, 0x03, 0x81, 0x82, 0x83]);
/** The taproot sighash types (BIP-341): DEFAULT (a 64-byte signature) and the six above. */
const V1_SIGHASH = new Set([0x00, ...V0_SIGHASH]);

/**
 * Checks the witness of a p2wpkh input (BIP-141, BIP-143): `[signature, pubkey]`, the pubkey a
 * 33-byte compressed key whose HASH160 is the output's program, the signature a strict DER
 * low-S ECDSA signature plus one sighash byte, over the BIP-143 digest of this input.
 */
const verifyP2wpkh = (tx: Transaction, index: number, hash: Uint8Array, prev: PrevOut, witness: Uint8Array[]) => {
  if (witness.length !== 2) throw new ScriptError('Witness program hash mismatch (p2wpkh needs [signature, pubkey])');
  const [signature, pubkey] = witness as [Uint8Array, Uint8Array];
  if (pubkey.length !== 33 || !equalBytes(hash160(pubkey), hash))
    throw new ScriptError('Witness program hash mismatch');
  const hashType = signature.at(-1)!;
  if (!V0_SIGHASH.has(hashType)) throw new ScriptError('Signature hash type missing or not understood');
  const scriptCode = OutScript.encode({ type: 'pkh', hash });
  const digest = tx.preimageWitnessV0(index, scriptCode, hashType, prev.amount);
  let valid = false;
  try {
    // noble's verify requires low S (BIP-146 LOW_S, a standardness rule of Bitcoin Core).
    valid = secp256k1.verify(signature.subarray(0, -1), digest, pubkey, { format: 'der', lowS: true });
  } catch {
    valid = false;
  }
  if (!valid) throw new ScriptError('Signature must be zero for failed CHECK(MULTI)SIG operation');
};

/**
 * Checks the witness of a taproot key-path spend (BIP-341): one 64-byte Schnorr signature
 * (sighash DEFAULT) or 65 bytes (the last one a sighash type), over the BIP-341 digest, which
 * commits to every input's amount and script. Script-path spends and annexes are refused.
 */
const verifyP2trKeyPath = (
  tx: Transaction,
  index: number,
  outputKey: Uint8Array,
  prevOuts: PrevOut[],
  witness: Uint8Array[],
) => {
  if (witness.length !== 1) throw new ScriptError('Only taproot key-path spends are checked by this stand-in');
  const [signature] = witness as [Uint8Array];
  if (signature.length !== 64 && signature.length !== 65) throw new ScriptError('Invalid Schnorr signature size');
  const hashType = signature.length === 65 ? signature[64]! : SigHash.DEFAULT;
  if (!V1_SIGHASH.has(hashType) || (signature.length === 65 && hashType === 0))
    throw new ScriptError('Invalid Schnorr signature hash type');
  const digest = tx.preimageWitnessV1(
    index,
    prevOuts.map((p) => p.script),
    hashType,
    prevOuts.map((p) => p.amount),
  );
  if (!schnorr.verify(signature.subarray(0, 64), digest, outputKey)) throw new ScriptError('Invalid Schnorr signature');
};

/**
 * Checks the signature of every input of `tx` against the outputs it spends (`prevOuts`, in
 * input order), with @noble/curves over the digests @scure/btc-signer computes. Only the two
 * output types the dev wallets use are understood: p2wpkh and taproot key path; any other
 * spent script is refused (this is a test stand-in, not a script interpreter).
 * @throws ScriptError naming the first input that fails and why
 */
export function verifyInputs(tx: Transaction, prevOuts: PrevOut[]): void {
  for (let index = 0; index < tx.inputsLength; index++) {
    const input = tx.getInput(index);
    const prev = prevOuts[index]!;
    const witness = input.finalScriptWitness ?? [];
    try {
      if (input.finalScriptSig && input.finalScriptSig.length > 0)
        throw new ScriptError('Witness requires empty scriptSig');
      const out = OutScript.decode(prev.script);
      if (out.type === 'wpkh') verifyP2wpkh(tx, index, out.hash, prev, witness);
      else if (out.type === 'tr') verifyP2trKeyPath(tx, index, out.pubkey, prevOuts, witness);
      else throw new ScriptError(`Spending a ${out.type} output is not supported by this stand-in`);
    } catch (error) {
      const message = error instanceof ScriptError ? error.message : `Malformed input (${(error as Error).message})`;
      throw new ScriptError(`input ${index}: ${message}`);
    }
  }
}

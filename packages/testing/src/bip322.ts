import { schnorr } from '@noble/curves/secp256k1';
import { base64 } from '@scure/base';
import { OutScript, RawTx, RawWitness, Script, Transaction } from '@scure/btc-signer';

/**
 * BIP-322 "simple" message signing, shared by the two development wallets that hold a bip122 account:
 * the Dev Wallet (apps/dev-wallet, over WalletConnect) and the demo page's Dev Bitcoin Wallet
 * (apps/demo-dapp/src/devBitcoinWallet).
 */

/** The BIP-322 message tag: the message is hashed as `taggedHash("BIP0322-signed-message", message)`. */
const TAG = 'BIP0322-signed-message';

/** What {@link signBip322Simple} signs with: the key and the output script of the address it proves. */
export type Bip322Key = {
  /** The secp256k1 private key (32 bytes). */
  privateKey: Uint8Array;
  /** The address's output script (p2wpkh or p2tr key path). */
  script: Uint8Array;
  /** For p2tr: the x-only internal key the address commits to (no script tree). */
  tapInternalKey?: Uint8Array;
};

/**
 * The BIP-322 `to_spend` transaction of `message` for `script`: version 0, one input spending
 * the null outpoint with scriptSig `OP_0 <message hash>`, sequence 0, one 0-value output paying
 * `script`. Its txid is what `to_sign` spends.
 */
export function bip322ToSpend(message: Uint8Array, script: Uint8Array): Transaction {
  const hash = schnorr.utils.taggedHash(TAG, message);
  const raw = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [
      { txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: Script.encode(['OP_0', hash]), sequence: 0 },
    ],
    outputs: [{ amount: 0n, script }],
    witnesses: [],
    lockTime: 0,
  });
  return Transaction.fromRaw(raw, { allowUnknownInputs: true, allowUnknownOutputs: true, version: 0 });
}

/**
 * A BIP-322 "simple" signature of `message` by the address of `key`: builds `to_spend` and
 * `to_sign` (version 0, one input spending `to_spend`:0 with sequence 0, one 0-value
 * `OP_RETURN` output), signs `to_sign` with @scure/btc-signer (p2wpkh: ECDSA, SIGHASH_ALL;
 * p2tr key path: Schnorr, SIGHASH_DEFAULT), and answers the consensus encoding of the input's
 * witness stack. Its base64 is the signature text wallets and `bip322-js` exchange.
 * @returns the encoded witness (bytes)
 * @throws Error when the script is neither p2wpkh nor p2tr, or the key does not match it
 */
export function signBip322Simple(message: Uint8Array, key: Bip322Key): Uint8Array {
  const type = OutScript.decode(key.script).type;
  if (type !== 'wpkh' && type !== 'tr') throw new Error(`BIP-322 simple signing of a ${type} address is not supported`);
  const toSpend = bip322ToSpend(message, key.script);
  const toSign = new Transaction({ version: 0, allowUnknownOutputs: true });
  toSign.addInput({
    txid: toSpend.id,
    index: 0,
    sequence: 0,
    witnessUtxo: { script: key.script, amount: 0n },
    ...(key.tapInternalKey ? { tapInternalKey: key.tapInternalKey } : {}),
  });
  toSign.addOutput({ script: Script.encode(['RETURN']), amount: 0n });
  toSign.signIdx(key.privateKey, 0);
  toSign.finalizeIdx(0);
  return RawWitness.encode(toSign.getInput(0).finalScriptWitness!);
}

/** {@link signBip322Simple} as base64 text (how BIP-322 signatures are shown and sent). */
export const signBip322SimpleBase64 = (message: Uint8Array, key: Bip322Key): string =>
  base64.encode(signBip322Simple(message, key));

import { Address, OutScript, type Transaction } from '@scure/btc-signer';
import { REGTEST } from './keys.ts';

/** Satoshis as BTC text with 8 decimals (`12345` → `0.00012345 BTC`). */
export const formatBtc = (sats: bigint): string => {
  const sign = sats < 0n ? '-' : '';
  const abs = sats < 0n ? -sats : sats;
  return `${sign}${abs / 100_000_000n}.${(abs % 100_000_000n).toString().padStart(8, '0')} BTC`;
};

const addressOf = (script: Uint8Array): string => {
  try {
    return Address(REGTEST).encode(OutScript.decode(script));
  } catch {
    return script[0] === 0x6a ? 'OP_RETURN (data)' : 'a non-standard script';
  }
};

/**
 * What a person needs to approve a PSBT, one fact per line: each input to be signed (its
 * address and amount, from the PSBT's `witnessUtxo`), each output (address and amount) and the
 * fee when every input carries its amount. An input without its amount is said plainly, since
 * the fee cannot be known then.
 */
export function summarisePsbt(tx: Transaction, signing: Set<number>): string[] {
  const lines: string[] = [];
  let inputs = 0n;
  let known = true;
  for (let i = 0; i < tx.inputsLength; i++) {
    const utxo = tx.getInput(i).witnessUtxo;
    if (!utxo) known = false;
    else inputs += utxo.amount;
    const who = utxo ? `${addressOf(utxo.script)}, ${formatBtc(utxo.amount)}` : 'amount unknown (no witnessUtxo)';
    lines.push(`Input ${i}${signing.has(i) ? ' (you sign)' : ''}: ${who}`);
  }
  let outputs = 0n;
  for (let i = 0; i < tx.outputsLength; i++) {
    const { script, amount } = tx.getOutput(i);
    outputs += amount!;
    lines.push(`Output ${i}: ${addressOf(script!)}, ${formatBtc(amount!)}`);
  }
  lines.push(known ? `Fee: ${formatBtc(inputs - outputs)}` : 'Fee: unknown (an input has no amount)');
  return lines;
}

import { base64 } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { Verifier } from 'bip322-js';
import { describe, expect, it } from 'vitest';
import { REGTEST, bitcoinDevKeys, describeBitcoinRequest, executeBitcoinRequest } from './bitcoin.ts';

const keys = bitcoinDevKeys();
const context = { keys };
/** Regtest dev account 1 (apps/bitcoin-esplora/README.md). */
const PAYMENT = 'bcrt1q0hwg3vrapy23kj4e8esjuscz8s9chnf8mt444s';
const ORDINALS = 'bcrt1p89rf4slmway6agt2umj8l5f7a0v4dp4hfutkym8ke82cz09zu45q54t7vv';

describe('the Dev Wallet’s bip122 account (WalletConnect Bitcoin methods)', () => {
  it('is regtest dev account 1 and lists its addresses with their public keys', async () => {
    expect([keys.payment.address, keys.ordinals.address]).toEqual([PAYMENT, ORDINALS]);
    const listed = await executeBitcoinRequest('getAccountAddresses', { account: PAYMENT }, context);
    expect(listed).toMatchObject({
      ok: true,
      value: [
        { address: PAYMENT, intention: 'payment', publicKey: expect.stringMatching(/^0[23][0-9a-f]{64}$/) },
        { address: ORDINALS, intention: 'ordinal', publicKey: expect.stringMatching(/^[0-9a-f]{64}$/) },
      ],
    });
  });

  it('signMessage answers a BIP-322 signature bip322-js verifies, for either address; refuses ECDSA and a stranger', async () => {
    for (const address of [PAYMENT, ORDINALS]) {
      const signed = await executeBitcoinRequest('signMessage', { account: PAYMENT, address, message: 'hi' }, context);
      if (!signed.ok) throw new Error(signed.error.message);
      const { signature } = signed.value as { signature: string };
      expect(Verifier.verifySignature(address, 'hi', signature)).toBe(true);
    }
    const code = async (params: object) => {
      const r = await executeBitcoinRequest('signMessage', { account: PAYMENT, message: 'hi', ...params }, context);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(await code({ protocol: 'ecdsa' })).toBe(4200);
    expect(await code({ address: 'bcrt1q7s6m395n6gwff9rv04yemzw3cs3w9k7yuv4kzs' })).toBe(4100);
  });

  it('signPsbt signs the listed inputs (not finalized) and describes the outputs and the fee', async () => {
    const tx = new Transaction();
    tx.addInput({
      txid: new Uint8Array(32).fill(1),
      index: 0,
      witnessUtxo: { script: keys.payment.script, amount: 10_000n },
    });
    tx.addOutputAddress(ORDINALS, 9_000n, REGTEST);
    const psbt = base64.encode(tx.toPSBT());
    const params = { account: PAYMENT, psbt, signInputs: [{ address: PAYMENT, index: 0 }] };
    expect(describeBitcoinRequest('signPsbt', params)).toEqual([
      `Output 0: ${ORDINALS}, 0.00009000 BTC`,
      'Fee: 0.00001000 BTC',
    ]);
    const signed = await executeBitcoinRequest('signPsbt', params, context);
    if (!signed.ok) throw new Error(signed.error.message);
    const back = Transaction.fromPSBT(base64.decode((signed.value as { psbt: string }).psbt));
    expect(back.getInput(0).partialSig).toHaveLength(1);
    back.finalize();
    expect(back.fee).toBe(1_000n);
  });
});

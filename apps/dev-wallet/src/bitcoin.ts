import { ErrorCode, err, ok, type Result } from '@airlock/protocol';
import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { base64, hex } from '@scure/base';
import { Address, OutScript, TEST_NETWORK, Transaction, p2tr, p2wpkh, selectUTXO } from '@scure/btc-signer';
import { z } from 'zod/mini';
import { signBip322Simple } from '@airlock/testing/bip322';

/**
 * The Dev Wallet's Bitcoin account (a WalletConnect `bip122` namespace on the stack's regtest
 * stand-in): regtest dev account 1 of apps/bitcoin-esplora (payment p2wpkh
 * `bcrt1q0hwg3vrapy23kj4e8esjuscz8s9chnf8mt444s`, ordinals p2tr), so it differs from the demo
 * page's Dev Bitcoin Wallet (account 0). Keys: `sha256("<seed>/account/1/<purpose>")`, public,
 * local chains only. It answers WalletConnect's Bitcoin methods: `getAccountAddresses` (without
 * asking), `signMessage` (BIP-322 simple), `signPsbt` (and broadcast), `sendTransfer`.
 */

/** The stand-in's dev seed (apps/bitcoin-esplora `BITCOIN_ESPLORA_SEED` default). */
export const BITCOIN_DEV_SEED = 'airlock-dev-bitcoin';

/** WalletConnect's Bitcoin methods the wallet approves and executes. */
export const BITCOIN_METHODS = ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'] as const;

/** Methods answered at once, without the `Request` dialog (they reveal what the session already shows). */
export const BITCOIN_READ_METHODS: readonly string[] = ['getAccountAddresses'];

/** btc-signer's regtest parameters (`bcrt1…`). */
export const REGTEST = { ...TEST_NETWORK, bech32: 'bcrt' } as const;

/** The fee rate of `sendTransfer`, sat/vB (the stand-in mines anything from 1). */
export const TRANSFER_FEE_RATE = 2n;

/** One address of the account: its key, public key (33 bytes; x-only 32 for p2tr), output script and address. */
export type BitcoinKey = {
  privateKey: Uint8Array;
  publicKey: Uint8Array;
  script: Uint8Array;
  address: string;
  tapInternalKey?: Uint8Array;
};

/** The payment (p2wpkh) and ordinals (p2tr key path) keys of regtest dev account `index` (default 1). */
export function bitcoinDevKeys(index = 1, seed = BITCOIN_DEV_SEED): { payment: BitcoinKey; ordinals: BitcoinKey } {
  const key = (purpose: string) => sha256(new TextEncoder().encode(`${seed}/account/${index}/${purpose}`));
  const paymentKey = key('payment');
  const ordinalsKey = key('ordinals');
  const paymentPub = secp256k1.getPublicKey(paymentKey, true);
  const internal = secp256k1.getPublicKey(ordinalsKey, true).slice(1);
  const payment = p2wpkh(paymentPub, REGTEST);
  const ordinals = p2tr(internal, undefined, REGTEST);
  return {
    payment: { privateKey: paymentKey, publicKey: paymentPub, script: payment.script, address: payment.address! },
    ordinals: {
      privateKey: ordinalsKey,
      publicKey: internal,
      script: ordinals.script,
      address: ordinals.address!,
      tapInternalKey: internal,
    },
  };
}

/** Where a Bitcoin request is executed: the keys and the stand-in's Esplora API (broadcast, coins). */
export type BitcoinContext = { keys: { payment: BitcoinKey; ordinals: BitcoinKey }; esploraUrl?: string | undefined };

const AddressText = z.string().check(z.minLength(14)).check(z.maxLength(90));
const GetAddressesSchema = z.object({ account: AddressText, intentions: z.optional(z.array(z.string())) });
const SignMessageSchema = z.object({
  account: AddressText,
  address: z.optional(AddressText),
  message: z.string(),
  protocol: z.optional(z.enum(['ecdsa', 'bip322'])),
});
const SignPsbtSchema = z.object({
  account: AddressText,
  psbt: z.string().check(z.minLength(1)),
  signInputs: z.array(z.object({ address: AddressText, index: z.int().check(z.gte(0)) })).check(z.minLength(1)),
  broadcast: z.optional(z.boolean()),
});
const SendTransferSchema = z.object({
  account: AddressText,
  recipientAddress: AddressText,
  amount: z.string().check(z.regex(/^[1-9]\d{0,15}$/)),
});

/**
 * Executes an approved Bitcoin request (WalletConnect's Bitcoin JSON-RPC shapes):
 * - `getAccountAddresses` `{ account, intentions? }` → `[{ address, publicKey (hex), intention }]`
 *   (`payment`, `ordinal`);
 * - `signMessage` `{ account, address?, message, protocol? }` → `{ address, signature }`: BIP-322
 *   simple, the encoded witness in base64 (`ecdsa`: 4200);
 * - `signPsbt` `{ account, psbt (base64), signInputs: [{ address, index }], broadcast? }` →
 *   `{ psbt }` signed, or with `broadcast` finalized, posted to the stand-in, `{ psbt, txid }`;
 * - `sendTransfer` `{ account, recipientAddress, amount (sats, decimal text) }` → `{ txid }`: pays
 *   from the payment address's coins at {@link TRANSFER_FEE_RATE} sat/vB, change back to it.
 * @returns -32602 for malformed params, 4100 for an address it does not hold, 4200 for another
 *   method, -32603 when signing or the stand-in fails (its message kept). Never throws.
 */
export async function executeBitcoinRequest(
  method: string,
  params: unknown,
  { keys, esploraUrl }: BitcoinContext,
): Promise<Result<unknown>> {
  const keyOf = (address: string | undefined) =>
    [keys.payment, keys.ordinals].find((key) => key.address === address) ?? null;
  const post = async (tx: Transaction) => {
    if (!esploraUrl) throw new Error('The Dev Wallet has no Bitcoin backend configured');
    const res = await fetch(`${esploraUrl}/tx`, { method: 'POST', body: tx.hex, signal: AbortSignal.timeout(10_000) });
    const body = await res.text();
    if (!res.ok) throw new Error(`The node refused the transaction: ${body}`);
    return body;
  };
  try {
    if (method === 'getAccountAddresses') {
      const parsed = GetAddressesSchema.safeParse(params);
      if (!parsed.success) return err(ErrorCode.InvalidParams, 'getAccountAddresses expects { account, intentions? }.');
      const wanted = parsed.data.intentions ?? ['payment', 'ordinal'];
      return ok(
        [
          { key: keys.payment, intention: 'payment' },
          { key: keys.ordinals, intention: 'ordinal' },
        ]
          .filter((a) => wanted.includes(a.intention))
          .map(({ key, intention }) => ({ address: key.address, publicKey: hex.encode(key.publicKey), intention })),
      );
    }
    if (method === 'signMessage') {
      const parsed = SignMessageSchema.safeParse(params);
      if (!parsed.success) return err(ErrorCode.InvalidParams, 'signMessage expects { account, address?, message }.');
      if (parsed.data.protocol === 'ecdsa')
        return err(ErrorCode.UnsupportedMethod, 'The Dev Wallet signs BIP-322 only');
      const address = parsed.data.address ?? parsed.data.account;
      const key = keyOf(address);
      if (!key) return err(ErrorCode.Unauthorized, `Unknown account ${address}`);
      const signature = signBip322Simple(new TextEncoder().encode(parsed.data.message), key);
      return ok({ address, signature: base64.encode(signature) });
    }
    if (method === 'signPsbt') {
      const parsed = SignPsbtSchema.safeParse(params);
      if (!parsed.success) return err(ErrorCode.InvalidParams, 'signPsbt expects { account, psbt, signInputs }.');
      const tx = Transaction.fromPSBT(base64.decode(parsed.data.psbt));
      for (const { address, index } of parsed.data.signInputs) {
        const key = keyOf(address);
        if (!key) return err(ErrorCode.Unauthorized, `Unknown account ${address}`);
        if (index >= tx.inputsLength) return err(ErrorCode.InvalidParams, `No input ${index} in the PSBT`);
        if (key.tapInternalKey && !tx.getInput(index).tapInternalKey)
          tx.updateInput(index, { tapInternalKey: key.tapInternalKey });
        tx.signIdx(key.privateKey, index);
      }
      if (!parsed.data.broadcast) return ok({ psbt: base64.encode(tx.toPSBT()) });
      const unfinalized = base64.encode(tx.toPSBT());
      tx.finalize();
      return ok({ psbt: unfinalized, txid: await post(tx) });
    }
    if (method === 'sendTransfer') {
      const parsed = SendTransferSchema.safeParse(params);
      if (!parsed.success)
        return err(ErrorCode.InvalidParams, 'sendTransfer expects { account, recipientAddress, amount }.');
      if (!esploraUrl) return err(ErrorCode.InternalError, 'The Dev Wallet has no Bitcoin backend configured');
      Address(REGTEST).decode(parsed.data.recipientAddress);
      const { payment } = keys;
      const coins = (await (await fetch(`${esploraUrl}/address/${payment.address}/utxo`)).json()) as {
        txid: string;
        vout: number;
        value: number;
      }[];
      const selected = selectUTXO(
        coins.map((c) => ({
          txid: c.txid,
          index: c.vout,
          witnessUtxo: { script: payment.script, amount: BigInt(c.value) },
        })),
        [{ address: parsed.data.recipientAddress, amount: BigInt(parsed.data.amount) }],
        'default',
        {
          changeAddress: payment.address,
          feePerByte: TRANSFER_FEE_RATE,
          bip69: true,
          createTx: true,
          network: REGTEST,
        },
      );
      if (!selected?.tx) return err(ErrorCode.InternalError, 'Insufficient balance');
      selected.tx.sign(payment.privateKey);
      selected.tx.finalize();
      return ok({ txid: await post(selected.tx) });
    }
    return err(ErrorCode.UnsupportedMethod, `The Dev Wallet does not implement ${method}`);
  } catch (error) {
    return err(ErrorCode.InternalError, error instanceof Error ? error.message : String(error));
  }
}

/** The title of a Bitcoin request in the `Request` dialog. */
export function bitcoinRequestTitle(method: string): string {
  if (method === 'signMessage') return 'Sign Bitcoin message';
  if (method === 'sendTransfer') return 'Send BTC';
  return method === 'signPsbt' ? 'Sign Bitcoin transaction' : method;
}

/** Satoshis as `0.00012345 BTC`. */
const btc = (sats: bigint) => `${sats / 100_000_000n}.${(sats % 100_000_000n).toString().padStart(8, '0')} BTC`;

/** The address of an output script on regtest, or a plain description. */
const addressOf = (script: Uint8Array) => {
  try {
    return Address(REGTEST).encode(OutScript.decode(script));
  } catch {
    return 'a non-standard script';
  }
};

/**
 * Readable lines of a Bitcoin request for the `Request` dialog (`Label: value`): the message;
 * each output of a PSBT with its amount, the fee when every input has its amount, and whether it
 * is broadcast; the recipient and amount of a transfer. Never throws.
 */
export function describeBitcoinRequest(method: string, params: unknown): string[] {
  const p = (params ?? {}) as Record<string, unknown>;
  try {
    if (method === 'signMessage')
      return [`Address: ${String(p.address ?? p.account)}`, `Message: ${String(p.message)}`];
    if (method === 'sendTransfer')
      return [`To: ${String(p.recipientAddress)}`, `Amount: ${btc(BigInt(String(p.amount)))}`, 'Fee rate: 2 sat/vB'];
    if (method === 'signPsbt') {
      const tx = Transaction.fromPSBT(base64.decode(String(p.psbt)));
      const lines: string[] = [];
      let inputs = 0n;
      let known = true;
      for (let i = 0; i < tx.inputsLength; i++) {
        const amount = tx.getInput(i).witnessUtxo?.amount;
        if (amount === undefined) known = false;
        else inputs += amount;
      }
      let outputs = 0n;
      for (let i = 0; i < tx.outputsLength; i++) {
        const { script, amount } = tx.getOutput(i);
        outputs += amount!;
        lines.push(`Output ${i}: ${addressOf(script!)}, ${btc(amount!)}`);
      }
      lines.push(known ? `Fee: ${btc(inputs - outputs)}` : 'Fee: unknown');
      return p.broadcast ? [...lines, 'Sent to: the regtest stand-in'] : lines;
    }
  } catch {
    return [`Params: ${JSON.stringify(params).slice(0, 300)}`];
  }
  return [];
}

/** True when a session request is for the bip122 namespace (its chain is a `bip122:` network). */
export const isBitcoinRequest = (request: { caipNetworkId: string }): boolean =>
  request.caipNetworkId.startsWith('bip122:');

/** The `Request` dialog's summary of a Bitcoin request: its title, the network, then {@link describeBitcoinRequest}'s lines. */
export function bitcoinRequestSummary(
  request: { method: string; params: unknown; caipNetworkId: string },
  networkName: string | undefined,
): { title: string; rows: { label: string; value: string }[] } {
  return {
    title: bitcoinRequestTitle(request.method),
    rows: [
      { label: 'Network', value: networkName ?? request.caipNetworkId },
      ...describeBitcoinRequest(request.method, request.params).map((line) => {
        const [label, ...rest] = line.split(': ');
        return { label: label!, value: rest.join(': ') };
      }),
    ],
  };
}

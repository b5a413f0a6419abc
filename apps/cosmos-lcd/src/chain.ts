import { AminoTypes, createBankAminoConverters } from '@cosmjs/stargate';
import { makeSignDoc as makeAminoSignDoc, pubkeyToAddress, serializeSignDoc } from '@cosmjs/amino';
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto';
import { fromBase64, fromBech32, toHex } from '@cosmjs/encoding';
import { decodePubkey, makeSignBytes, makeSignDoc } from '@cosmjs/proto-signing';
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing';
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';

/** One account of the stand-in's state. */
export type CosmosAccount = {
  address: string;
  accountNumber: number;
  /** Transactions it has signed so far (the next one must carry this). */
  sequence: number;
  /** Its secp256k1 public key (33 bytes), known after its first transaction. */
  pubkey?: Uint8Array;
  /** Balances by denom, base units. */
  balances: Map<string, bigint>;
};

/**
 * The result of a broadcast, as CometBFT's `broadcast_tx_sync` and the LCD's
 * `BROADCAST_MODE_SYNC` report it: `code` 0 (applied) or a Cosmos SDK error code in the `sdk`
 * codespace (2 tx decode, 4 unauthorized (signature), 5 insufficient funds, 6 unknown request,
 * 7 invalid address, 28 invalid chain id, 32 wrong sequence).
 */
export type BroadcastResult = { code: number; codespace: string; log: string; hash: string; height: number };

/** The bank send message's type URL, the only message the stand-in applies. */
export const MSG_SEND = '/cosmos.bank.v1beta1.MsgSend';

const aminoTypes = new AminoTypes(createBankAminoConverters());

/**
 * The stand-in's chain: accounts, balances, and the transactions applied (each its own block).
 * `broadcast(txBytes)` decodes a `TxRaw` with CosmJS, checks its single signer's public key
 * against the sender, the sequence, and the secp256k1 signature over the SIGN_MODE_DIRECT
 * sign doc (or the LEGACY_AMINO_JSON one), then applies its bank sends and fee.
 */
export const createChain = (options: { chainId: string; prefix: string; denom: string }) => {
  const accounts = new Map<string, CosmosAccount>();
  const txs = new Map<string, { result: BroadcastResult; tx: Uint8Array }>();
  let height = 1;
  let nextNumber = 0;
  const account = (address: string): CosmosAccount => {
    let a = accounts.get(address);
    if (!a) {
      a = { address, accountNumber: nextNumber++, sequence: 0, balances: new Map() };
      accounts.set(address, a);
    }
    return a;
  };
  /** A bech32 account address (20 or 32 bytes) with the chain's prefix. */
  const isAddress = (address: string) => {
    try {
      const { prefix, data } = fromBech32(address, 90);
      return prefix === options.prefix && (data.length === 20 || data.length === 32);
    } catch {
      return false;
    }
  };
  const fail = (hash: string, code: number, log: string): BroadcastResult => ({
    code,
    codespace: 'sdk',
    log,
    hash,
    height: 0,
  });

  const broadcast = (txBytes: Uint8Array): BroadcastResult => {
    const hash = toHex(sha256(txBytes)).toUpperCase();
    let raw: TxRaw;
    let body: TxBody;
    let authInfo: AuthInfo;
    try {
      raw = TxRaw.decode(txBytes);
      body = TxBody.decode(raw.bodyBytes);
      authInfo = AuthInfo.decode(raw.authInfoBytes);
    } catch (error) {
      return fail(hash, 2, `tx parse error: ${(error as Error).message}`);
    }
    const msgs = body.messages;
    if (msgs.length === 0 || msgs.some((m) => m.typeUrl !== MSG_SEND))
      return fail(hash, 6, `only ${MSG_SEND} is supported by this stand-in`);
    const sends = msgs.map((m) => MsgSend.decode(m.value));
    const signer = sends[0]!.fromAddress;
    if (sends.some((s) => s.fromAddress !== signer)) return fail(hash, 4, 'one signer only');
    const [info] = authInfo.signerInfos;
    if (authInfo.signerInfos.length !== 1 || raw.signatures.length !== 1 || !info?.publicKey)
      return fail(hash, 4, 'exactly one signer with a public key is required');
    const from = accounts.get(signer);
    if (!from) return fail(hash, 7, `account ${signer} not found`);
    let pubkey: ReturnType<typeof decodePubkey>;
    try {
      pubkey = decodePubkey(info.publicKey);
    } catch (error) {
      return fail(hash, 8, `invalid pubkey: ${(error as Error).message}`);
    }
    if (pubkey.type !== 'tendermint/PubKeySecp256k1' || pubkeyToAddress(pubkey, options.prefix) !== signer)
      return fail(hash, 8, 'pubkey does not match signer address');
    if (info.sequence !== BigInt(from.sequence))
      return fail(hash, 32, `account sequence mismatch, expected ${from.sequence}, got ${info.sequence}`);
    const fee = authInfo.fee;
    const mode = info.modeInfo?.single?.mode;
    let signBytes: Uint8Array;
    if (mode === SignMode.SIGN_MODE_DIRECT)
      signBytes = makeSignBytes(makeSignDoc(raw.bodyBytes, raw.authInfoBytes, options.chainId, from.accountNumber));
    else if (mode === SignMode.SIGN_MODE_LEGACY_AMINO_JSON)
      signBytes = serializeSignDoc(
        makeAminoSignDoc(
          msgs.map((m) => aminoTypes.toAmino({ typeUrl: m.typeUrl, value: MsgSend.decode(m.value) })),
          { amount: fee?.amount ?? [], gas: String(fee?.gasLimit ?? 0n) },
          options.chainId,
          body.memo,
          from.accountNumber,
          from.sequence,
          body.timeoutHeight,
        ),
      );
    else return fail(hash, 4, 'sign mode must be SIGN_MODE_DIRECT or SIGN_MODE_LEGACY_AMINO_JSON');
    const pubkeyBytes = fromBase64(pubkey.value);
    let valid = false;
    try {
      valid = Secp256k1.verifySignature(
        Secp256k1Signature.fromFixedLength(raw.signatures[0]!),
        sha256(signBytes),
        pubkeyBytes,
      );
    } catch {
      valid = false;
    }
    if (!valid)
      return fail(
        hash,
        4,
        `signature verification failed; please verify account number (${from.accountNumber}) and chain-id (${options.chainId})`,
      );
    // Debits: every send and the fee, per denom, checked before anything moves.
    const debits = new Map<string, bigint>();
    const add = (denom: string, amount: string) => debits.set(denom, (debits.get(denom) ?? 0n) + BigInt(amount));
    for (const s of sends) for (const c of s.amount) add(c.denom, c.amount);
    for (const c of fee?.amount ?? []) add(c.denom, c.amount);
    for (const [denom, amount] of debits)
      if ((from.balances.get(denom) ?? 0n) < amount)
        return fail(
          hash,
          5,
          `insufficient funds: ${from.balances.get(denom) ?? 0n}${denom} is smaller than ${amount}${denom}`,
        );
    for (const s of sends) if (!isAddress(s.toAddress)) return fail(hash, 7, `invalid address ${s.toAddress}`);
    for (const [denom, amount] of debits) from.balances.set(denom, from.balances.get(denom)! - amount);
    for (const s of sends) {
      const to = account(s.toAddress);
      for (const c of s.amount) to.balances.set(c.denom, (to.balances.get(c.denom) ?? 0n) + BigInt(c.amount));
    }
    from.sequence += 1;
    from.pubkey = pubkeyBytes;
    height += 1;
    const result: BroadcastResult = { code: 0, codespace: '', log: '[]', hash, height };
    txs.set(hash, { result, tx: txBytes });
    return result;
  };

  return {
    chainId: options.chainId,
    prefix: options.prefix,
    denom: options.denom,
    accounts,
    txs,
    /** The latest block height (one block per applied transaction). */
    height: () => height,
    /** The account of an address, created (number assigned, no funds) when new. */
    account,
    isAddress,
    /** Adds `amount` of `denom` to an address (the dev faucet). */
    fund: (address: string, amount: bigint, denom = options.denom) => {
      const a = account(address);
      a.balances.set(denom, (a.balances.get(denom) ?? 0n) + amount);
    },
    broadcast,
  };
};

/** The stand-in's chain state ({@link createChain}). */
export type CosmosChain = ReturnType<typeof createChain>;

import { ErrorCode, err, ok, type Result } from '@airlock/protocol';
import { makeCosmoshubPath, Secp256k1HdWallet, type StdSignDoc } from '@cosmjs/amino';
import { fromBase64, toBase64 } from '@cosmjs/encoding';
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing';
import { z } from 'zod/mini';
import { ANVIL_MNEMONIC } from './accounts.ts';
import type { RequestSummary } from './requests.ts';

/**
 * The Dev Wallet's Cosmos account (a WalletConnect `cosmos` namespace on the stack's local Cosmos
 * network, apps/cosmos-lcd): account 1 (`m/44'/118'/0'/0/1`) of the stand-in's dev mnemonic
 * (anvil's public test mnemonic), `cosmos1erxf3sa9q2j4vgseu7jq4a258ckmk7cy076t8z`, so it differs
 * from the demo page's Dev Keplr Wallet (account 0). Keys: CosmJS `DirectSecp256k1HdWallet` (direct)
 * and `Secp256k1HdWallet` (amino). It answers WalletConnect's Cosmos methods: `cosmos_getAccounts`
 * (without asking), `cosmos_signDirect` and `cosmos_signAmino` (asked in the `Request` dialog).
 * Local chains only: never use these keys on a real network.
 */

/** WalletConnect's Cosmos methods the wallet approves and executes. */
export const COSMOS_METHODS = ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'] as const;

/** Methods answered at once, without the `Request` dialog (they reveal what the session already shows). */
export const COSMOS_READ_METHODS: readonly string[] = ['cosmos_getAccounts'];

/** The account index of the mnemonic the wallet uses. */
export const COSMOS_ACCOUNT_INDEX = 1;

/** The wallet's address on the local network (bech32 prefix `cosmos`), what {@link cosmosDevWallets} derives. */
export const COSMOS_DEV_ADDRESS = 'cosmos1erxf3sa9q2j4vgseu7jq4a258ckmk7cy076t8z';

let wallets: Promise<[DirectSecp256k1HdWallet, Secp256k1HdWallet]> | null = null;

/** The direct and amino signers of account {@link COSMOS_ACCOUNT_INDEX} (prefix `cosmos`), made once. */
export function cosmosDevWallets(): Promise<[DirectSecp256k1HdWallet, Secp256k1HdWallet]> {
  const options = { prefix: 'cosmos', hdPaths: [makeCosmoshubPath(COSMOS_ACCOUNT_INDEX)] };
  wallets ??= Promise.all([
    DirectSecp256k1HdWallet.fromMnemonic(ANVIL_MNEMONIC, options),
    Secp256k1HdWallet.fromMnemonic(ANVIL_MNEMONIC, options),
  ]);
  return wallets;
}

const Base64 = z.string().check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/));
const DirectSchema = z.object({
  signerAddress: z.string(),
  signDoc: z.object({
    chainId: z.string().check(z.minLength(1)),
    accountNumber: z.string().check(z.regex(/^\d{1,20}$/)),
    bodyBytes: Base64,
    authInfoBytes: Base64,
  }),
});
const AminoSchema = z.object({
  signerAddress: z.string(),
  signDoc: z.looseObject({
    chain_id: z.string(),
    account_number: z.string(),
    sequence: z.string(),
    fee: z.looseObject({ gas: z.string(), amount: z.array(z.looseObject({ denom: z.string(), amount: z.string() })) }),
    msgs: z.array(z.looseObject({ type: z.string(), value: z.unknown() })),
    memo: z.string(),
  }),
});

/** True for a method of WalletConnect's `cosmos` namespace. */
export const isCosmosRequest = (input: { method: string }) => input.method.startsWith('cosmos_');

/** The `Request` dialog's summary of a Cosmos request: the chain, the signer and what the doc holds. */
export function cosmosRequestSummary(input: { method: string; params: unknown }, networkName?: string): RequestSummary {
  const network = { label: 'Network', value: networkName ?? 'Cosmos' };
  const direct = DirectSchema.safeParse(input.params);
  if (input.method === 'cosmos_signDirect' && direct.success)
    return {
      title: 'Sign a Cosmos transaction (direct)',
      rows: [
        network,
        { label: 'Chain', value: direct.data.signDoc.chainId },
        { label: 'Signer', value: direct.data.signerAddress },
        { label: 'Account number', value: direct.data.signDoc.accountNumber },
        { label: 'Body', value: `${fromBase64(direct.data.signDoc.bodyBytes).length} bytes` },
      ],
    };
  const amino = AminoSchema.safeParse(input.params);
  if (input.method === 'cosmos_signAmino' && amino.success) {
    const doc = amino.data.signDoc;
    return {
      title: 'Sign a Cosmos transaction (amino)',
      rows: [
        network,
        { label: 'Chain', value: doc.chain_id },
        { label: 'Signer', value: amino.data.signerAddress },
        ...doc.msgs.map((m) => ({ label: 'Message', value: `${m.type} ${JSON.stringify(m.value)}` })),
        {
          label: 'Fee',
          value: `${doc.fee.amount.map((c) => `${c.amount}${c.denom}`).join(', ') || 'none'} (gas ${doc.fee.gas})`,
        },
        { label: 'Memo', value: doc.memo },
      ],
    };
  }
  return { title: input.method, rows: [network, { label: 'Params', value: JSON.stringify(input.params) }] };
}

/**
 * Executes a Cosmos request with the dev account: `cosmos_getAccounts` `{}` →
 * `[{ address, algo, pubkey (base64) }]`; `cosmos_signDirect` `{ signerAddress, signDoc }` (bytes base64)
 * → `{ signed (same shape), signature (StdSignature) }`; `cosmos_signAmino` `{ signerAddress, signDoc }`
 * → `{ signed, signature }`. -32602 for malformed params or a signer that is not the account, 4200 for
 * another method. Never throws.
 */
export async function executeCosmosRequest(method: string, params: unknown): Promise<Result<unknown>> {
  try {
    const [direct, amino] = await cosmosDevWallets();
    const [account] = await direct.getAccounts();
    if (method === 'cosmos_getAccounts')
      return ok([{ address: account!.address, algo: account!.algo, pubkey: toBase64(account!.pubkey) }]);
    if (method === 'cosmos_signDirect') {
      const parsed = DirectSchema.safeParse(params);
      if (!parsed.success) return err(ErrorCode.InvalidParams, 'Expected { signerAddress, signDoc }');
      const { signerAddress, signDoc } = parsed.data;
      if (signerAddress !== account!.address) return err(ErrorCode.InvalidParams, `${signerAddress} is not my account`);
      const { signed, signature } = await direct.signDirect(signerAddress, {
        chainId: signDoc.chainId,
        accountNumber: BigInt(signDoc.accountNumber),
        bodyBytes: fromBase64(signDoc.bodyBytes),
        authInfoBytes: fromBase64(signDoc.authInfoBytes),
      });
      return ok({
        signed: {
          chainId: signed.chainId,
          accountNumber: String(signed.accountNumber),
          bodyBytes: toBase64(signed.bodyBytes),
          authInfoBytes: toBase64(signed.authInfoBytes),
        },
        signature,
      });
    }
    if (method === 'cosmos_signAmino') {
      const parsed = AminoSchema.safeParse(params);
      if (!parsed.success) return err(ErrorCode.InvalidParams, 'Expected { signerAddress, signDoc }');
      const { signerAddress, signDoc } = parsed.data;
      if (signerAddress !== account!.address) return err(ErrorCode.InvalidParams, `${signerAddress} is not my account`);
      return ok(await amino.signAmino(signerAddress, signDoc as StdSignDoc));
    }
    return err(ErrorCode.UnsupportedMethod, `Unsupported method: ${method}`);
  } catch (error) {
    return err(ErrorCode.InternalError, error instanceof Error ? error.message : String(error));
  }
}

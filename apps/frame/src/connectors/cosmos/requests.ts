import { ErrorCode, Message, err, ok, validate, type Result, type RpcRequest } from '@airlock/protocol';
import {
  CosmosRequestParamsSchemas,
  CosmosStdSignatureSchema,
  isCosmosRequestMethod,
  type CosmosWalletRequest,
} from '@airlock/protocol/cosmosWallets';
import { base64 } from '@scure/base';
import { z } from 'zod/mini';
import type { PageWallet } from '../pageWallets.ts';
import { accountNumberText } from './accountNumber.ts';

/** The connected Cosmos account: its bech32 address on the connected network, secp256k1 public key and algorithm. */
export type CosmosAccount = { address: string; pubKey: Uint8Array; algo: string };

/** What a request needs of the connector: its wallet, account, the network's chain id and the bridged call. */
export type KeplrRequestContext = {
  wallet: PageWallet;
  account: CosmosAccount | null;
  chainId: string | null;
  call(request: CosmosWalletRequest): Promise<Result<unknown>>;
};

/** A wallet's signed direct doc (Keplr's `DirectSignResponse.signed`): bytes and the account number as bigint, Long-like or text. */
const SignedDirectSchema = z.looseObject({
  bodyBytes: z.instanceof(Uint8Array),
  authInfoBytes: z.instanceof(Uint8Array),
  chainId: z.string(),
  accountNumber: z.unknown(),
});
const DirectAnswerSchema = z.looseObject({ signed: SignedDirectSchema, signature: CosmosStdSignatureSchema });
const AminoAnswerSchema = z.looseObject({ signed: z.looseObject({}), signature: CosmosStdSignatureSchema });

/** Checks a wallet's answer against `schema`; a malformed one is -32603 (the dapp never sees it). */
const checked = <T>(schema: z.ZodMiniType<T>, answer: Result<unknown>): Result<T> => {
  if (!answer.ok) return answer;
  const parsed = validate(schema, answer.value);
  return parsed.ok
    ? parsed
    : err(ErrorCode.InternalError, `Wallet returned a malformed answer: ${parsed.error.message}`);
};

/**
 * Answers a method of the dapp's cosmos provider (`CosmosRequestParamsSchemas`; -32602 when
 * malformed, 4200 for another method) with a Keplr-shaped wallet:
 * - `cosmos_getAccounts` / `cosmos_requestAccounts`: `[{ address, algo, pubkey }]` (pubkey base64);
 * - `cosmos_signDirect` → `signDirect(chainId, signer, { bodyBytes, authInfoBytes, chainId, accountNumber })`
 *   → `{ signed (base64 JSON), signature }`;
 * - `cosmos_signAmino` → `signAmino(chainId, signer, signDoc)` → `{ signed, signature }`;
 * - `cosmos_signArbitrary` → `signArbitrary(chainId, signer, data)` (ADR-036) → the `StdSignature`.
 * The signer must be the connected account (4100 otherwise, spec §6: only the connected account
 * signs); the sign doc's chain id must be the connected network's (4901 otherwise: the wallet would
 * sign for a chain the visitor did not choose). Every answer is checked before it is passed on.
 */
export async function routeKeplrRequest(rpc: RpcRequest, context: KeplrRequestContext): Promise<Result<unknown>> {
  const { account, chainId } = context;
  if (!isCosmosRequestMethod(rpc.method)) return err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
  const params = validate(CosmosRequestParamsSchemas[rpc.method], rpc.params ?? []);
  if (!params.ok) return params;
  if (!account || !chainId) return err(ErrorCode.Unauthorized, Message.NotConnected);
  if (rpc.method === 'cosmos_getAccounts' || rpc.method === 'cosmos_requestAccounts')
    return ok([{ address: account.address, algo: account.algo, pubkey: base64.encode(account.pubKey) }]);
  const [input] = params.value as [{ signerAddress: string; signDoc?: Record<string, unknown>; data?: string }];
  if (input.signerAddress.toLowerCase() !== account.address)
    return err(ErrorCode.Unauthorized, `${input.signerAddress} is not the connected account`);
  const docChain = input.signDoc ? (input.signDoc.chainId ?? input.signDoc.chain_id) : chainId;
  if (docChain !== chainId)
    return err(ErrorCode.ChainDisconnected, `The sign doc is for ${String(docChain)}, not ${chainId}`);
  if (rpc.method === 'cosmos_signArbitrary')
    return checked(
      CosmosStdSignatureSchema,
      await context.call({ method: 'signArbitrary', params: [chainId, account.address, input.data] }),
    );
  if (rpc.method === 'cosmos_signAmino')
    return checked(
      AminoAnswerSchema,
      await context.call({ method: 'signAmino', params: [chainId, account.address, input.signDoc] }),
    );
  const doc = input.signDoc as { chainId: string; accountNumber: string; bodyBytes: string; authInfoBytes: string };
  let bytes: { bodyBytes: Uint8Array; authInfoBytes: Uint8Array };
  try {
    bytes = { bodyBytes: base64.decode(doc.bodyBytes), authInfoBytes: base64.decode(doc.authInfoBytes) };
  } catch {
    return err(ErrorCode.InvalidParams, 'bodyBytes and authInfoBytes must be base64');
  }
  const answer = checked(
    DirectAnswerSchema,
    await context.call({
      method: 'signDirect',
      params: [chainId, account.address, { ...bytes, chainId: doc.chainId, accountNumber: BigInt(doc.accountNumber) }],
    }),
  );
  if (!answer.ok) return answer;
  const { signed, signature } = answer.value;
  const accountNumber = accountNumberText(signed.accountNumber);
  if (!accountNumber || signed.chainId !== chainId)
    return err(ErrorCode.InternalError, 'Wallet returned a signed doc of another chain or account');
  return ok({
    signed: {
      chainId: signed.chainId,
      accountNumber,
      bodyBytes: base64.encode(signed.bodyBytes),
      authInfoBytes: base64.encode(signed.authInfoBytes),
    },
    signature,
  });
}

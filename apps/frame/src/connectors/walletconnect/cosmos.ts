import {
  ErrorCode,
  Message,
  err,
  ok,
  parseCaipAddress,
  validate,
  type CaipNetworkId,
  type Result,
  type RpcRequest,
} from '@airlock/protocol';
import { parseCosmosAddress } from '@airlock/protocol/cosmos';
import {
  CosmosRequestParamsSchemas,
  CosmosStdSignatureSchema,
  isCosmosRequestMethod,
} from '@airlock/protocol/cosmosWallets';
import { z } from 'zod/mini';
import { accountNumberText } from '../cosmos/accountNumber.ts';
import { malformed, notGranted } from './answers.ts';
import { sessionGrants, type SessionLike } from './session.ts';

/**
 * A WalletConnect session's `cosmos` namespace (WalletConnect's Cosmos JSON-RPC methods:
 * `cosmos_getAccounts`, `cosmos_signDirect`, `cosmos_signAmino`). The dapp's cosmos methods
 * (`CosmosRequestParamsSchemas`, the same names and shapes) go to the wallet only when the session
 * granted that method (4200 otherwise, the wallet not asked) and only for the session's own
 * addresses on the network (4100 otherwise); a sign doc of another chain is 4901. Every answer
 * is checked before it is passed on. Pure except {@link cosmosWalletConnectRequest}, which calls the wallet.
 */

/** The session's cosmos addresses on one network (bech32, lower case, in session order). */
export type CosmosSessionAccounts = { caipNetworkId: CaipNetworkId; accounts: string[] };

/**
 * The session's cosmos accounts on `caipNetworkId`, else on its first cosmos network: CAIP-10
 * `cosmos:<chain id>:<bech32>`, each a valid account of its network (`parseCosmosAddress`: the
 * network's bech32 prefix and checksum; others are skipped). Null when the session has none.
 */
export function sessionCosmosAccounts(
  session: SessionLike | undefined,
  caipNetworkId?: string,
): CosmosSessionAccounts | null {
  const byNetwork = new Map<string, string[]>();
  for (const caip of session?.namespaces?.cosmos?.accounts ?? []) {
    try {
      const { chainNamespace, chainId, address } = parseCaipAddress(caip);
      const network = `${chainNamespace}:${chainId}`;
      const parsed = parseCosmosAddress(address.toLowerCase(), network);
      if (!parsed.ok) continue;
      const list = byNetwork.get(network) ?? [];
      const text = address.toLowerCase();
      if (!list.includes(text)) list.push(text);
      byNetwork.set(network, list);
    } catch {
      /* malformed: skipped */
    }
  }
  const network = caipNetworkId && byNetwork.has(caipNetworkId) ? caipNetworkId : [...byNetwork.keys()][0];
  return network ? { caipNetworkId: network as CaipNetworkId, accounts: byNetwork.get(network)! } : null;
}

/** What a cosmos request is sent with: the session, its accounts on the network, and the wallet call. */
export type CosmosWalletConnectContext = {
  session: SessionLike | undefined;
  accounts: CosmosSessionAccounts;
  /** Sends a WalletConnect request on the network (`provider.request({ method, params }, caipNetworkId)`). */
  call(method: string, params: object): Promise<unknown>;
};

/** `cosmos_getAccounts`' answer: `[{ address, algo, pubkey (base64) }]`. */
const AccountsAnswerSchema = z.array(
  z.looseObject({
    address: z.string().check(z.maxLength(90)),
    algo: z.string().check(z.maxLength(32)),
    pubkey: z.string().check(z.regex(/^[A-Za-z0-9+/]{44}$/)), // 33 bytes (a compressed secp256k1 key)
  }),
);
/** `cosmos_signDirect`'s answer: the signed doc in the request's JSON shape and the `StdSignature`. */
const DirectAnswerSchema = z.looseObject({
  signed: z.looseObject({
    chainId: z.string(),
    accountNumber: z.unknown(), // text, a number, or a long.js Long's JSON (accountNumberText)
    bodyBytes: z.string().check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/)),
    authInfoBytes: z.string().check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/)),
  }),
  signature: CosmosStdSignatureSchema,
});
/** `cosmos_signAmino`'s answer: the signed `StdSignDoc` and the `StdSignature`. */
const AminoAnswerSchema = z.looseObject({
  signed: z.looseObject({ chain_id: z.string() }),
  signature: CosmosStdSignatureSchema,
});

/**
 * Answers a method of the dapp's cosmos provider over a WalletConnect session:
 * - `cosmos_getAccounts` / `cosmos_requestAccounts` → `cosmos_getAccounts` `{}` →
 *   `[{ address, algo, pubkey }]`, only the session's addresses on the network;
 * - `cosmos_signDirect` → `cosmos_signDirect` `{ signerAddress, signDoc }` (bytes base64, account
 *   number decimal text) → `{ signed, signature }`, the signed doc of the same chain;
 * - `cosmos_signAmino` → `cosmos_signAmino` `{ signerAddress, signDoc }` → `{ signed, signature }`;
 * - `cosmos_signArbitrary` (ADR-036) has no WalletConnect method: 4200.
 * -32602 for malformed params, 4200 for a method the session did not grant, 4100 for a signer that
 * is not the session's, 4901 for a sign doc of another chain, -32603 for a malformed answer. The
 * wallet's error passes through. Never throws.
 */
export async function cosmosWalletConnectRequest(
  request: RpcRequest,
  context: CosmosWalletConnectContext,
): Promise<Result<unknown>> {
  if (!isCosmosRequestMethod(request.method)) return err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
  const params = validate(CosmosRequestParamsSchemas[request.method], request.params ?? []);
  if (!params.ok) return params;
  const { accounts, caipNetworkId } = context.accounts;
  const chainId = caipNetworkId.slice(caipNetworkId.indexOf(':') + 1);
  const wcMethod = request.method === 'cosmos_requestAccounts' ? 'cosmos_getAccounts' : request.method;
  if (!sessionGrants(context.session, 'cosmos', wcMethod)) return notGranted(wcMethod);
  try {
    if (wcMethod === 'cosmos_getAccounts') {
      const answer = validate(AccountsAnswerSchema, await context.call('cosmos_getAccounts', {}));
      if (!answer.ok) return malformed();
      return ok(
        answer.value
          .map((a) => ({ address: a.address.toLowerCase(), algo: a.algo, pubkey: a.pubkey }))
          .filter((a) => accounts.includes(a.address)),
      );
    }
    const [input] = params.value as [{ signerAddress: string; signDoc: Record<string, unknown> }];
    const signer = input.signerAddress.toLowerCase();
    if (!accounts.includes(signer)) return err(ErrorCode.Unauthorized, `${signer} is not an account of the session`);
    const docChain = input.signDoc.chainId ?? input.signDoc.chain_id;
    if (docChain !== chainId)
      return err(ErrorCode.ChainDisconnected, `The sign doc is for ${String(docChain)}, not ${chainId}`);
    const raw = await context.call(wcMethod, { signerAddress: signer, signDoc: input.signDoc });
    if (wcMethod === 'cosmos_signAmino') {
      const answer = validate(AminoAnswerSchema, raw);
      if (!answer.ok || answer.value.signed.chain_id !== chainId) return malformed();
      return ok({ signed: answer.value.signed, signature: answer.value.signature });
    }
    const answer = validate(DirectAnswerSchema, raw);
    const accountNumber = answer.ok ? accountNumberText(answer.value.signed.accountNumber) : null;
    if (!answer.ok || !accountNumber || answer.value.signed.chainId !== chainId) return malformed();
    const { signed, signature } = answer.value;
    return ok({ signed: { ...signed, accountNumber }, signature });
  } catch (error) {
    const e = error as { code?: number; message?: string };
    return err(typeof e?.code === 'number' ? e.code : ErrorCode.InternalError, e?.message ?? String(error));
  }
}

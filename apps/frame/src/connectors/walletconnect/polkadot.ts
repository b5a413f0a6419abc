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
import {
  PolkadotRequestParamsSchemas,
  PolkadotSignerResultSchema,
  isPolkadotRequestMethod,
} from '@airlock/protocol/polkadotWallets';
import { polkadotAccounts, type PolkadotAccount } from '../polkadot/accounts.ts';
import { malformed, notGranted } from './answers.ts';
import { sessionGrants, type SessionLike } from './session.ts';

/**
 * A WalletConnect session's `polkadot` namespace (WalletConnect's Polkadot JSON-RPC methods:
 * `polkadot_signTransaction` with a `SignerPayloadJSON`, `polkadot_signMessage`). The dapp's
 * polkadot methods (`PolkadotRequestParamsSchemas`, the same names and shapes) go to the wallet only
 * when the session granted that method (4200 otherwise, the wallet not asked) and only for the
 * session's own accounts (4100 otherwise); a payload of another network is 4901. Pure except
 * {@link polkadotWalletConnectRequest}, which calls the wallet.
 */

/** The session's polkadot accounts on one network (each in the network's SS58 format, and as the session wrote it). */
export type PolkadotSessionAccounts = { caipNetworkId: CaipNetworkId; accounts: PolkadotAccount[] };

/**
 * The session's polkadot accounts on `caipNetworkId`, else on its first polkadot network: CAIP-10
 * `polkadot:<genesis hash prefix>:<SS58>`, each a valid SS58 account (`polkadotAccounts`, shown in
 * the network's format; a network the protocol does not know has none). Null when the session has none.
 */
export function sessionPolkadotAccounts(
  session: SessionLike | undefined,
  caipNetworkId?: string,
): PolkadotSessionAccounts | null {
  const byNetwork = new Map<string, { address: string }[]>();
  for (const caip of session?.namespaces?.polkadot?.accounts ?? []) {
    try {
      const { chainNamespace, chainId, address } = parseCaipAddress(caip);
      const network = `${chainNamespace}:${chainId}`;
      byNetwork.set(network, [...(byNetwork.get(network) ?? []), { address }]);
    } catch {
      /* malformed: skipped */
    }
  }
  const networks = [...byNetwork.keys()].sort((a, b) => Number(b === caipNetworkId) - Number(a === caipNetworkId));
  for (const network of networks) {
    const accounts = polkadotAccounts(byNetwork.get(network)!, network);
    if (accounts.length > 0) return { caipNetworkId: network as CaipNetworkId, accounts };
  }
  return null;
}

/** What a polkadot request is sent with: the session, its accounts on the network, and the wallet call. */
export type PolkadotWalletConnectContext = {
  session: SessionLike | undefined;
  accounts: PolkadotSessionAccounts;
  /** Sends a WalletConnect request on the network (`provider.request({ method, params }, caipNetworkId)`). */
  call(method: string, params: object): Promise<unknown>;
};

/**
 * Answers a method of the dapp's polkadot provider over a WalletConnect session:
 * - `polkadot_getAccounts` / `polkadot_requestAccounts`: the session's accounts on the network
 *   (`[{ address }]`, the network's SS58 format; WalletConnect has no method for them);
 * - `polkadot_signTransaction` → `polkadot_signTransaction` `{ address, transactionPayload }` (the
 *   payload's address the session's own, its genesis hash the network's) → `{ signature }`;
 * - `polkadot_signMessage` → `polkadot_signMessage` `{ address, message }` → `{ signature }`.
 * -32602 for malformed params, 4200 for a method the session did not grant, 4100 for an address
 * that is not the session's, 4901 for a payload of another network, -32603 for a malformed answer.
 * The wallet's error passes through. Never throws.
 */
export async function polkadotWalletConnectRequest(
  request: RpcRequest,
  context: PolkadotWalletConnectContext,
): Promise<Result<unknown>> {
  if (!isPolkadotRequestMethod(request.method)) return err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
  const params = validate(PolkadotRequestParamsSchemas[request.method], request.params ?? []);
  if (!params.ok) return params;
  const { accounts, caipNetworkId } = context.accounts;
  if (request.method === 'polkadot_getAccounts' || request.method === 'polkadot_requestAccounts')
    return ok(accounts.map((a) => ({ address: a.address })));
  if (!sessionGrants(context.session, 'polkadot', request.method)) return notGranted(request.method);
  const [input] = params.value as [{ address: string; message?: string; transactionPayload?: Record<string, unknown> }];
  const [asked] = polkadotAccounts([{ address: input.address }], caipNetworkId);
  const held = asked && accounts.find((a) => a.address === asked.address);
  if (!held) return err(ErrorCode.Unauthorized, `${input.address} is not an account of the session`);
  try {
    let raw: unknown;
    if (request.method === 'polkadot_signMessage') {
      raw = await context.call('polkadot_signMessage', { address: held.given, message: input.message ?? '' });
    } else {
      const payload = input.transactionPayload as { genesisHash: string };
      const reference = caipNetworkId.slice(caipNetworkId.indexOf(':') + 1);
      if (payload.genesisHash.slice(2, 34).toLowerCase() !== reference.toLowerCase())
        return err(ErrorCode.ChainDisconnected, 'The payload is for another network than the session’s');
      raw = await context.call('polkadot_signTransaction', {
        address: held.given,
        transactionPayload: { ...payload, address: held.given },
      });
    }
    const answer = validate(PolkadotSignerResultSchema, raw);
    return answer.ok ? ok({ signature: answer.value.signature }) : malformed();
  } catch (error) {
    const e = error as { code?: number; message?: string };
    return err(typeof e?.code === 'number' ? e.code : ErrorCode.InternalError, e?.message ?? String(error));
  }
}

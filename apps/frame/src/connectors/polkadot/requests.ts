import {
  ErrorCode,
  Message,
  err,
  ok,
  validate,
  type CaipNetworkId,
  type Result,
  type RpcRequest,
} from '@airlock/protocol';
import {
  PolkadotRequestParamsSchemas,
  PolkadotSignerResultSchema,
  isPolkadotRequestMethod,
  type PolkadotWalletRequest,
} from '@airlock/protocol/polkadotWallets';
import type { PageWallet } from '../pageWallets.ts';
import { polkadotAccounts, type PolkadotAccount } from './accounts.ts';

/** What a request needs of the connector: its extension, accounts, network and the bridged call. */
export type PolkadotRequestContext = {
  wallet: PageWallet;
  accounts: readonly PolkadotAccount[];
  caipNetworkId: CaipNetworkId | undefined;
  call(request: PolkadotWalletRequest): Promise<Result<unknown>>;
};

/** Text as `0x` hex (UTF-8); `0x` hex stays as it is. */
const toHex = (message: string): string =>
  /^0x([0-9a-fA-F]{2})*$/.test(message)
    ? message
    : `0x${Array.from(new TextEncoder().encode(message), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/**
 * Answers a method of the dapp's polkadot provider (`PolkadotRequestParamsSchemas`; -32602 when
 * malformed, 4200 for another method) with an injected extension:
 * - `polkadot_getAccounts` / `polkadot_requestAccounts`: `[{ address, name? }]`, the network's SS58 format;
 * - `polkadot_signTransaction` → `signer.signPayload(payload)` with the payload's address the
 *   extension's own → `{ signature }`; the payload's genesis hash must be the connected network's
 *   (4901 otherwise: the extension would sign for a chain the visitor did not choose);
 * - `polkadot_signMessage` → `signer.signRaw({ address, data, type: 'bytes' })` (text as UTF-8 hex) → `{ signature }`.
 * An address that is not a connected account (in any SS58 format) is 4100 (spec §6). Every answer is checked.
 */
export async function routePolkadotRequest(rpc: RpcRequest, context: PolkadotRequestContext): Promise<Result<unknown>> {
  const { accounts, caipNetworkId } = context;
  if (!isPolkadotRequestMethod(rpc.method)) return err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
  const params = validate(PolkadotRequestParamsSchemas[rpc.method], rpc.params ?? []);
  if (!params.ok) return params;
  if (accounts.length === 0 || !caipNetworkId) return err(ErrorCode.Unauthorized, Message.NotConnected);
  if (rpc.method === 'polkadot_getAccounts' || rpc.method === 'polkadot_requestAccounts')
    return ok(accounts.map((a) => ({ address: a.address, ...(a.name ? { name: a.name } : {}) })));
  const [input] = params.value as [{ address: string; message?: string; transactionPayload?: Record<string, unknown> }];
  const [asked] = polkadotAccounts([{ address: input.address }], caipNetworkId);
  const held = asked && accounts.find((a) => a.address === asked.address);
  if (!held) return err(ErrorCode.Unauthorized, `${input.address} is not a connected account`);
  const signed = async (request: PolkadotWalletRequest): Promise<Result<unknown>> => {
    const answer = await context.call(request);
    if (!answer.ok) return answer;
    const parsed = validate(PolkadotSignerResultSchema, answer.value);
    return parsed.ok
      ? ok({ signature: parsed.value.signature })
      : err(ErrorCode.InternalError, `Wallet returned a malformed answer: ${parsed.error.message}`);
  };
  if (rpc.method === 'polkadot_signMessage')
    return signed({
      method: 'signer.signRaw',
      params: [{ address: held.given, data: toHex(input.message ?? ''), type: 'bytes' }],
    });
  const payload = input.transactionPayload as { genesisHash: string };
  const reference = caipNetworkId.slice(caipNetworkId.indexOf(':') + 1);
  if (payload.genesisHash.slice(2, 34).toLowerCase() !== reference.toLowerCase())
    return err(ErrorCode.ChainDisconnected, 'The payload is for another network than the connected one');
  return signed({ method: 'signer.signPayload', params: [{ ...payload, address: held.given }] });
}

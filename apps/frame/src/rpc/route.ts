import {
  ErrorCode,
  HexSchema,
  Message,
  err,
  ok,
  type CaipNetworkId,
  type RpcRequest,
  type Result,
} from '@airlock/protocol';
import { refreshBalanceAfterReceipt } from '../actions/balance.ts';
import { chainIdHex } from '../actions/events.ts';
import { openModal, waitForAccounts } from '../actions/modal.ts';
import { whenRestored } from '../actions/restore.ts';
import { switchNetwork } from '../actions/switchNetwork.ts';
import { connectorRequest } from '../connectors/active.ts';
import { useAccountStore } from '../stores/account.ts';
import { useConnectionStore } from '../stores/connection.ts';
import { useNetworkStore } from '../stores/network.ts';
import { findNetwork } from '../stores/options.ts';
import { ACCOUNT_METHODS, READ_METHODS, requestedAccount } from './methods.ts';

/** A dapp request as the frame's `request()` receives it (validated FrameRequest). */
export type DappRequest = RpcRequest & { chainNamespace: string };

const notAllowed = () => err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
const notConnected = () => err(ErrorCode.Unauthorized, Message.NotConnected);
const badParams = (message: string) => err(ErrorCode.InvalidParams, message);

/**
 * Routes an EIP-1193 request from the dapp (DESIGN.md §2a, issue 2):
 * - `eth_chainId`: the active network as hex (also while disconnected);
 * - `eth_accounts`: `[address]`, or `[]` while disconnected;
 * - `eth_requestAccounts`: connected → accounts; otherwise opens the modal on
 *   Connect and settles on connect, on a wallet rejection (4001 'Connection
 *   rejected') or when the modal closes (4001 'Modal closed');
 * - `personal_sign`, `eth_signTypedData_v4`, `eth_sendTransaction`: to the
 *   connected wallet; 4100 while disconnected or when the named account is not
 *   the connected one; a sent transaction's receipt refreshes the balance;
 * - `wallet_switchEthereumChain [{ chainId }]`: as `switchNetwork` (4901 when not configured);
 * - reads on {@link READ_METHODS}: the active network's RPC (while disconnected too);
 * - anything else: 4200 'Requested RPC call is not allowed'.
 * Wallet and RPC errors keep their code and data. Never throws.
 */
export async function routeRequest(request: DappRequest): Promise<Result<unknown>> {
  if (request.chainNamespace !== 'eip155') return err(ErrorCode.ChainDisconnected, Message.ChainNotSupported);
  const { method } = request;
  const params = request.params;
  if (method === 'eth_chainId') return ok(chainIdHex(useNetworkStore.getState().caipNetworkId));
  if (READ_METHODS.has(method)) return read(method, params);
  if (method === 'wallet_switchEthereumChain') return switchFromDapp(params);
  if (method !== 'eth_accounts' && method !== 'eth_requestAccounts' && !ACCOUNT_METHODS.has(method)) return notAllowed();

  await whenRestored();
  const { status, connector } = useConnectionStore.getState();
  const address = useAccountStore.getState().address;
  const connected = status === 'connected' && !!connector && !!address;
  if (method === 'eth_accounts') return ok(connected ? [address] : []);
  if (method === 'eth_requestAccounts') {
    if (connected) return ok([address]);
    openModal({ view: 'Connect' });
    return waitForAccounts();
  }
  if (!connected) return notConnected();
  if (!Array.isArray(params)) return badParams('params must be an array');
  const named = requestedAccount(method, params);
  let forwarded = params;
  if (method === 'eth_sendTransaction' && named === undefined && params[0] && typeof params[0] === 'object') {
    forwarded = [{ ...(params[0] as object), from: address }, ...params.slice(1)];
  } else if (typeof named !== 'string') {
    return badParams('Missing account parameter');
  } else if (named.toLowerCase() !== address.toLowerCase()) {
    return err(ErrorCode.Unauthorized, 'The requested account is not the connected account');
  }
  const result = await connectorRequest(connector, { method, params: forwarded }, useNetworkStore.getState().caipNetworkId);
  if (result.ok && method === 'eth_sendTransaction') {
    const hash = HexSchema.safeParse(result.value);
    if (hash.success) void refreshBalanceAfterReceipt(hash.data as `0x${string}`);
  }
  return result;
}

async function switchFromDapp(params: RpcRequest['params']): Promise<Result<unknown>> {
  const first = Array.isArray(params) ? params[0] : undefined;
  const chainId = first && typeof first === 'object' ? (first as { chainId?: unknown }).chainId : undefined;
  const hex = HexSchema.safeParse(chainId);
  const id = hex.success ? Number.parseInt(hex.data, 16) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) return badParams('params must be [{ chainId: hex }]');
  return switchNetwork(`eip155:${id}` as CaipNetworkId);
}

async function read(method: string, params: RpcRequest['params']): Promise<Result<unknown>> {
  const network = findNetwork(useNetworkStore.getState().caipNetworkId);
  if (!network) return err(ErrorCode.ChainDisconnected, Message.ChainNotSupported);
  try {
    const { readRpc } = await import('../chain/balance.ts');
    return ok(await readRpc(network, method, params));
  } catch (error) {
    return rpcErrorToResult(error);
  }
}

/**
 * Turns a viem RPC error into a Result keeping the node's code and data
 * (viem wraps them: the innermost error with a numeric `code` wins).
 */
export function rpcErrorToResult(error: unknown): Result<never> {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; data?: unknown; details?: unknown; shortMessage?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'number') {
      const message = typeof e.details === 'string' && e.details ? e.details : typeof e.shortMessage === 'string' ? e.shortMessage : String(e.message);
      return err(e.code, message, e.data);
    }
    current = e.cause;
  }
  return err(ErrorCode.InternalError, error instanceof Error ? error.message : Message.SomethingWentWrong);
}

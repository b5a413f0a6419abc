import {
  ErrorCode,
  Message,
  err,
  errorResult,
  caipNetworkIdToHex,
  eip155NetworkId,
  fromHexChainId,
  methodPolicy,
  ok,
  requestedAccount,
  type RpcRequest,
  type Result,
} from '@airlock/protocol';
import { refreshBalanceAfterReceipt } from '../../actions/balance.ts';
import { openModal } from '../../actions/modal.ts';
import type { DappRequest } from '../types.ts';
import type { Frame } from '../../store/frame.ts';
import { findNetwork } from '../../store/networks.ts';
import { connectionOf } from '../../store/connection.ts';

const badParams = (message: string) => err(ErrorCode.InvalidParams, message);

/**
 * Routes an EIP-1193 request of `getProvider('eip155')` by the protocol's method-policy table:
 * - `eth_chainId`: the active network as hex (also while disconnected);
 * - `eth_accounts`: `[address]`, or `[]` while disconnected or shown on another namespace's network;
 * - `eth_requestAccounts`: connected → accounts; otherwise opens the modal on Connect and
 *   settles on connect, on a rejection (4001 'Connection rejected') or when the modal
 *   closes (4001 'Modal closed');
 * - `wallet_switchEthereumChain [{ chainId }]`: as `switchNetwork` (4901 when not configured);
 * - other `wallet` methods: to the active connector; 4100 while disconnected or when the
 *   named account is not the connected one; a sent transaction's receipt refreshes the balance;
 *   the EIP-5792 ones (`wallet_sendCalls` …) reach a page or WalletConnect wallet only when it has
 *   them (the connector answers 4200 naming the method otherwise);
 * - `read` methods: the active network's RPC (while disconnected too);
 * - anything else: 4200 'Requested RPC call is not allowed' (with the embedded wallet,
 *   the visitor sees that message 300 ms later, spec §4).
 * Account-bound answers wait for a running silent reconnect. Errors keep their code and data. Never throws.
 */
export async function routeEip155Request(frame: Frame, request: DappRequest): Promise<Result<unknown>> {
  const { method, params } = request;
  const policy = methodPolicy(method);
  if (!policy || method === 'wallet_addEthereumChain') {
    if (frame.connectors.active()?.type === 'AUTH')
      void import('../../actions/embedded.ts').then((m) => m.reportUnsupportedMethod(frame, method));
    return err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
  }
  if (method === 'eth_chainId')
    return ok(caipNetworkIdToHex(connectionOf(frame.store.getState()).caipNetworkId) ?? '0x0');
  if (policy.class === 'read') return read(frame, method, params);
  if (method === 'wallet_switchEthereumChain') return switchFromDapp(frame, params);
  await frame.runtime.restored;
  const { address, caipNetworkId } = connectionOf(frame.store.getState());
  const connector = frame.connectors.active();
  // Only an eip155 connection has an eip155 account: with a Solana, Bitcoin, Cosmos or Polkadot
  // wallet shown, eth_accounts is [] (as the provider's events say), never that wallet's address.
  const connected = !!connector && !!address && caipNetworkId.startsWith('eip155:');
  if (method === 'eth_accounts') return ok(connected ? [address] : []);
  if (method === 'eth_requestAccounts') {
    if (connected) return ok([address]);
    const accounts = frame.waiters.untilAccounts();
    openModal(frame, { view: 'Connect' });
    return accounts;
  }
  if (!connected) return err(ErrorCode.Unauthorized, Message.NotConnected);
  if (!Array.isArray(params)) return badParams('params must be an array');
  const named = requestedAccount(method, params);
  let forwarded = params;
  if (
    (method === 'eth_sendTransaction' || method === 'wallet_sendCalls') &&
    named === undefined &&
    params[0] &&
    typeof params[0] === 'object'
  ) {
    forwarded = [{ ...(params[0] as object), from: address }, ...params.slice(1)];
  } else if (method === 'wallet_getCallsStatus' || method === 'wallet_showCallsStatus') {
    // EIP-5792: names a batch id, no account; the wallet answers only for its own batches.
  } else if (typeof named !== 'string') {
    return badParams('Missing account parameter');
  } else if (named.toLowerCase() !== address.toLowerCase()) {
    return err(ErrorCode.Unauthorized, 'The requested account is not the connected account');
  }
  const result = await connector.request(
    { method, params: forwarded },
    connectionOf(frame.store.getState()).caipNetworkId,
  );
  if (
    result.ok &&
    method === 'eth_sendTransaction' &&
    typeof result.value === 'string' &&
    /^0x[0-9a-fA-F]{64}$/.test(result.value)
  ) {
    void refreshBalanceAfterReceipt(frame, result.value as `0x${string}`);
  }
  return result;
}

async function switchFromDapp(frame: Frame, params: RpcRequest['params']): Promise<Result<unknown>> {
  const first = Array.isArray(params) ? params[0] : undefined;
  const id = fromHexChainId(first && typeof first === 'object' ? (first as { chainId?: unknown }).chainId : undefined);
  if (id === null) return badParams('params must be [{ chainId: hex }]');
  return (await import('../../actions/switchNetwork.ts')).switchNetwork(frame, eip155NetworkId(id));
}

async function read(frame: Frame, method: string, params: RpcRequest['params']): Promise<Result<unknown>> {
  const network = findNetwork(frame.config, connectionOf(frame.store.getState()).caipNetworkId);
  if (!network) return err(ErrorCode.ChainDisconnected, Message.ChainNotSupported);
  try {
    return ok(await (await frame.chain()).readRpc(network, method, params));
  } catch (error) {
    return errorResult(error);
  }
}

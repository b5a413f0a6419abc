import { createPublicClient, defineChain, http, numberToHex, type Hex } from 'viem';
import { ErrorCode } from '@airlock/protocol';
import { methodsOfClass } from '@airlock/protocol/rpcMethods';
import { apiFailure } from '../api/client.ts';
import type { ApprovalQueue } from '../approval/queue.ts';
import type { WalletKeys } from '../keys/wallet.ts';
import { describePersonalSign, describeTypedData } from './describe.ts';
import type { ApprovalDetails } from './details.ts';
import { sendEvmTransaction } from './evmSend.ts';
import { chooseNativeCurrency, type NativeCurrency } from './nativeCurrency.ts';
import type { SmartAccounts } from '../wallet/smartAccounts.ts';
import type { SmartCallsDeps } from '../smart/calls.ts';
import type { NativePriceReader } from './nativePrice.ts';
import { handleSolanaRequest } from './solanaHandler.ts';
import { assertSignInForOrigin, personalSignText } from './signInGuard.ts';
import { chooseRpc } from './trustedRpc.ts';
import { assertTypedDataChain, type TypedDataRequest } from './typedData.ts';

/**
 * Reads forwarded to the network's RPC without a person (spec §6 safe methods): the `read` class
 * of the protocol's method-policy table, so the two cannot differ.
 */
export const SAFE_READS: ReadonlySet<string> = new Set(methodsOfClass('read'));

/**
 * Methods that need the person's approval and that the embedded wallet signs (spec §6 unsafe
 * methods it supports): the eip155 ones are the table's `unsafe` methods but
 * `wallet_revokePermissions` (a page wallet's permission; handler.test.ts pins them to the table).
 */
export const APPROVED_METHODS = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'eth_sendUserOperation',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
]);

/** Not allowed: 4200 'Requested RPC call is not allowed' (spec §8). */
const notAllowed = () => apiFailure(ErrorCode.UnsupportedMethod, 'Requested RPC call is not allowed');

/** An rpcRequest as validated by the protocol schema. */
export type EmbeddedRpc = {
  id: string;
  method: string;
  params?: unknown;
  chainNamespace: string;
  caipNetworkId: string;
  rpcUrl: string;
  /** The page's symbol and decimals of the network's coin (protocol `EmbeddedRpcRequestSchema`), when given. */
  nativeCurrency?: NativeCurrency;
};

/** What the handler needs: the keys in memory, the verified dapp origin, the approval queue. */
export type RpcDeps = {
  keys: () => WalletKeys | undefined;
  dappOrigin: () => string;
  approvals: ApprovalQueue;
  /** ms a read or a send may take on the network's RPC, default 10 000. */
  rpcTimeoutMs?: number;
  /**
   * The deployment's own JSON-RPC URLs by CAIP-2 id (config/deployment.ts `rpcUrls`): fees,
   * nonces and the facts an approval shows are read there, and transactions sent there; the
   * page's URL only where this has none (rpc/trustedRpc.ts). Default none.
   */
  trustedRpcUrls?: Readonly<Record<string, string>>;
  /**
   * The deployment's native currency (symbol, decimals) by CAIP-2 id (config/deployment.ts
   * `nativeCurrencies`): the unit a transaction's amounts are shown in. Default none.
   */
  trustedNativeCurrencies?: Readonly<Record<string, NativeCurrency>>;
  /** US-dollar prices of native coins for the approval (rpc/nativePrice.ts). Default none: no dollar amounts. */
  priceOf?: NativePriceReader;
  /** The visitor's account per eip155 network (wallet/smartAccounts.ts); without it every account is the EOA. */
  smart?: SmartAccounts;
  /** Called after a user operation was sent or seen included (the smart account may now be deployed). */
  accountChanged?: () => Promise<void>;
};

const list = (params: unknown): unknown[] => (Array.isArray(params) ? params : params === undefined ? [] : [params]);

/** @throws -32602 'Unknown account' when `address` is not the embedded account. */
function requireOwn(address: unknown, own: string): void {
  if (typeof address !== 'string' || address.toLowerCase() !== own.toLowerCase())
    throw apiFailure(ErrorCode.InvalidParams, 'Unknown account');
}

/**
 * `wallet_getCapabilities` (EIP-5792): per network where the visitor's smart account is in force (hex
 * chain id), `atomic` supported (a batch is one user operation) and `paymasterService` where the
 * operator's paymaster serves it (safe mode, EntryPoint v0.7). The EOA's networks report nothing.
 */
function capabilitiesOf(smart: SmartAccounts | undefined): Record<Hex, Record<string, unknown>> {
  const answer: Record<Hex, Record<string, unknown>> = {};
  for (const caipNetworkId of smart?.enabledNetworks() ?? []) {
    if (smart?.typeOf(caipNetworkId) !== 'smartAccount') continue;
    answer[numberToHex(Number(caipNetworkId.split(':')[1]))] = {
      atomic: { status: 'supported' },
      paymasterService: { supported: smart.modeOf(caipNetworkId) === 'safe' },
    };
  }
  return answer;
}

/**
 * Answers RPC_REQUEST (spec §6): account and chain methods from memory, reads from
 * the network's RPC, the supported unsafe methods after the person approves on the
 * secure frame's own screen, anything else 4200. Every network call has a timeout.
 */
export function createRpcHandler(deps: RpcDeps) {
  const timeout = deps.rpcTimeoutMs ?? 10_000;
  const trustedRpcUrls = deps.trustedRpcUrls ?? {};
  const chainOf = (request: EmbeddedRpc) => {
    const id = Number(request.caipNetworkId.split(':')[1]);
    return defineChain({
      id,
      name: request.caipNetworkId,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [request.rpcUrl] } },
    });
  };
  const transportOf = (request: EmbeddedRpc) => http(request.rpcUrl, { timeout, retryCount: 0 });

  const approve = async (request: EmbeddedRpc, details: ApprovalDetails) => {
    const approved = await deps.approvals.ask({
      id: request.id,
      method: request.method,
      details,
      dappOrigin: deps.dappOrigin(),
      caipNetworkId: request.caipNetworkId,
    });
    if (!approved) throw apiFailure(ErrorCode.UserRejected, 'User rejected the request');
  };

  return async (request: EmbeddedRpc): Promise<unknown> => {
    const keys = deps.keys();
    if (!keys) throw apiFailure(ErrorCode.Unauthorized, 'Not signed in');
    const params = list(request.params);
    if (request.chainNamespace === 'solana')
      return handleSolanaRequest(request.method, params, {
        account: keys.solana,
        approve: (details) => approve(request, details),
        caipNetworkId: request.caipNetworkId,
        dappOrigin: deps.dappOrigin(),
        rpc: chooseRpc(trustedRpcUrls, request.caipNetworkId, request.rpcUrl),
        timeoutMs: timeout,
      });
    const account = keys.eip155;
    // Where the visitor's smart account is in force (docs/embedded-wallet.md "Smart accounts"), it is the
    // account: it answers eth_accounts, signs (ERC-1271, ERC-6492 before deployment) and sends (user operations).
    const smart = await deps.smart?.active(request.caipNetworkId).catch((error: unknown) => {
      throw apiFailure(ErrorCode.InternalError, `The smart account could not be loaded: ${(error as Error).message}`);
    });
    const signer = smart?.account ?? account;
    const smartDeps = async (): Promise<SmartCallsDeps> => {
      if (!smart || !deps.smart) throw notAllowed();
      const native = chooseNativeCurrency(
        deps.trustedNativeCurrencies ?? {},
        request.caipNetworkId,
        request.nativeCurrency,
      );
      return {
        handle: smart,
        bundlerUrl: deps.smart.bundlerUrl(request.caipNetworkId),
        native,
        usdPerCoin:
          native.source === 'trusted' && deps.priceOf
            ? await deps.priceOf(request.caipNetworkId, { symbol: native.symbol, decimals: native.decimals })
            : undefined,
        timeoutMs: timeout,
        approve: (details) => approve(request, details),
        caipNetworkId: request.caipNetworkId,
        sent: () => void deps.accountChanged?.().catch(() => {}),
      };
    };
    const smartCalls = () => import('../smart/calls.ts');
    switch (request.method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [signer.address];
      case 'eth_chainId':
        return numberToHex(Number(request.caipNetworkId.split(':')[1]));
      case 'wallet_getCapabilities':
        return capabilitiesOf(deps.smart);
      case 'personal_sign': {
        const [data, address] = params;
        if (typeof data !== 'string') throw apiFailure(ErrorCode.InvalidParams, 'Expected a message');
        requireOwn(address, signer.address);
        assertSignInForOrigin(personalSignText(data), deps.dappOrigin());
        await approve(request, describePersonalSign(data));
        return signer.signMessage({ message: data.startsWith('0x') ? { raw: data as Hex } : data });
      }
      case 'eth_signTypedData_v4': {
        const [address, raw] = params;
        requireOwn(address, signer.address);
        let typed: TypedDataRequest;
        try {
          typed = typeof raw === 'string' ? JSON.parse(raw) : (raw as typeof typed);
        } catch {
          throw apiFailure(ErrorCode.InvalidParams, 'Invalid typed data');
        }
        if (!typed?.types || !typed.primaryType || !typed.message)
          throw apiFailure(ErrorCode.InvalidParams, 'Invalid typed data');
        assertTypedDataChain(typed.domain, chainOf(request).id);
        await approve(request, describeTypedData(typed));
        const { EIP712Domain: _domain, ...types } = typed.types as Record<string, never>;
        return signer.signTypedData({
          domain: typed.domain as never,
          types,
          primaryType: typed.primaryType,
          message: typed.message,
        });
      }
      case 'eth_sendTransaction':
        if (smart) return (await smartCalls()).sendSmartTransaction(params, await smartDeps());
        return sendEvmTransaction(params, {
          account,
          caipNetworkId: request.caipNetworkId,
          pageRpcUrl: request.rpcUrl,
          trustedRpcUrls,
          trustedNativeCurrencies: deps.trustedNativeCurrencies ?? {},
          pageNativeCurrency: request.nativeCurrency,
          priceOf: deps.priceOf,
          timeoutMs: timeout,
          approve: (details) => approve(request, details),
        });
      case 'wallet_sendCalls':
        return (await smartCalls()).sendSmartCalls(params, await smartDeps());
      case 'wallet_getCallsStatus':
        return (await smartCalls()).smartCallsStatus(params, await smartDeps());
      case 'eth_sendUserOperation':
        return (await import('../smart/pageOperation.ts')).sendPageUserOperation(params, await smartDeps());
      case 'wallet_switchEthereumChain':
        throw notAllowed();
      default:
        if (SAFE_READS.has(request.method)) {
          const client = createPublicClient({ chain: chainOf(request), transport: transportOf(request) });
          return client.request({ method: request.method as never, params: params as never });
        }
        throw notAllowed();
    }
  };
}

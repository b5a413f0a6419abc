/**
 * The one method-policy table: every JSON-RPC method a dapp may send through the
 * widget's EIP-1193 provider, and how each side treats it. The frame's router,
 * the connectors, the host's timeout choice and PROTOCOL.md all read this table.
 *
 * This module imports nothing, so the host SDK may use it (though the host keeps
 * a compact copy to stay within its size budget; a test pins that copy here).
 *
 * Sources: EIP-1193, EIP-1474, EIP-3085 / EIP-3326 (`wallet_addEthereumChain`,
 * `wallet_switchEthereumChain`), EIP-5792 (`wallet_sendCalls` …), spec §6 (safe
 * and unsafe embedded-wallet methods).
 */

/**
 * How a method is served:
 * - `read`: read-only, answered by the active network's RPC; works while disconnected.
 * - `account`: answered from the widget's own state (`eth_accounts`, `eth_chainId`).
 * - `connect`: asks for account access (`eth_requestAccounts`): opens the modal when disconnected.
 * - `wallet`: goes to the connected wallet and may wait for a person (sign, send, switch, add chain);
 *   4100 while disconnected.
 */
export type MethodClass = 'read' | 'account' | 'connect' | 'wallet';

/** What the widget knows about one RPC method. */
export type MethodPolicy = {
  /** How the frame serves it, see {@link MethodClass}. */
  class: MethodClass;
  /**
   * Waits for a person (an approval or a signature in a wallet): no host-side
   * timeout, and the frame gives the wallet `Timeout.person` (120 000 ms) instead of
   * `Timeout.read` (10 000 ms).
   */
  waitsForPerson: boolean;
  /**
   * Unsafe in the sense of spec §6: signs or moves value, so an embedded wallet must
   * show an approval screen before it runs.
   */
  unsafe: boolean;
  /**
   * The host forwards it to a page wallet (EIP-6963) when the frame asks. Anything
   * else is refused by the host with 4200.
   */
  hostForward: boolean;
};

const read: MethodPolicy = { class: 'read', waitsForPerson: false, unsafe: false, hostForward: false };
const wallet = (unsafe: boolean, hostForward = true): MethodPolicy => ({
  class: 'wallet',
  waitsForPerson: true,
  unsafe,
  hostForward,
});

/**
 * The eip155 methods the widget serves, by name. A method that is not a key here is
 * not supported: 4200 (EIP-1193 unsupported method).
 */
export const RPC_METHOD_POLICY = {
  eth_blockNumber: read,
  eth_call: read,
  eth_estimateGas: read,
  eth_feeHistory: read,
  eth_gasPrice: read,
  eth_getBalance: read,
  eth_getBlockByHash: read,
  eth_getBlockByNumber: read,
  eth_getCode: read,
  eth_getLogs: read,
  eth_getStorageAt: read,
  eth_getTransactionByHash: read,
  eth_getTransactionCount: read,
  eth_getTransactionReceipt: read,
  eth_maxPriorityFeePerGas: read,
  net_version: read,
  web3_clientVersion: read,
  eth_accounts: { class: 'account', waitsForPerson: false, unsafe: false, hostForward: true },
  eth_chainId: { class: 'account', waitsForPerson: false, unsafe: false, hostForward: true },
  eth_requestAccounts: { class: 'connect', waitsForPerson: true, unsafe: false, hostForward: true },
  personal_sign: wallet(true),
  eth_signTypedData_v4: wallet(true),
  eth_sendTransaction: wallet(true),
  wallet_switchEthereumChain: wallet(false),
  wallet_addEthereumChain: wallet(false),
  // EIP-2255: the widget revokes a page wallet's account permission when the visitor
  // disconnects, so the next connect asks again (spec §6 lists it as unsafe).
  wallet_revokePermissions: wallet(true),
  // EIP-5792: on the embedded wallet's smart accounts a batch is one user operation after one approval
  // (docs/embedded-wallet.md "Smart accounts"); a page wallet or a WalletConnect wallet that has them gets
  // them passed through (EIP5792_METHODS), any other answers 4200.
  wallet_sendCalls: wallet(true),
  wallet_getCallsStatus: wallet(false),
  wallet_getCapabilities: wallet(false),
  wallet_showCallsStatus: wallet(false),
  // ERC-4337, for a dapp that builds its own operation: only the embedded wallet's smart account signs it, and only
  // an operation of that account whose calls it can show (docs/embedded-wallet.md); never forwarded to a page wallet.
  eth_sendUserOperation: wallet(true, false),
} as const satisfies Record<string, MethodPolicy>;

/** A method name the widget serves (a key of {@link RPC_METHOD_POLICY}). */
export type SupportedRpcMethod = keyof typeof RPC_METHOD_POLICY;

/**
 * The policy of `method`, or `undefined` when the widget does not support it (the
 * caller answers 4200). Own keys only: `toString`, `__proto__` … are unsupported.
 */
export function methodPolicy(method: string): MethodPolicy | undefined {
  return Object.hasOwn(RPC_METHOD_POLICY, method) ? RPC_METHOD_POLICY[method as SupportedRpcMethod] : undefined;
}

/** The methods of a class, in table order (e.g. every `read` method). */
export function methodsOfClass(methodClass: MethodClass): SupportedRpcMethod[] {
  return (Object.keys(RPC_METHOD_POLICY) as SupportedRpcMethod[]).filter(
    (method) => RPC_METHOD_POLICY[method].class === methodClass,
  );
}

/**
 * The EIP-5792 methods (capabilities, batched calls and their status). The widget passes them to a page
 * wallet or a WalletConnect wallet only when that wallet has them (WalletConnect: the session granted the
 * method); otherwise the dapp gets 4200 naming the method.
 */
export const EIP5792_METHODS: ReadonlySet<string> = new Set([
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
]);

/** The methods the host forwards to a page wallet (EIP-6963); anything else gets 4200 there. */
export const HOST_FORWARDED_METHODS: readonly SupportedRpcMethod[] = (
  Object.keys(RPC_METHOD_POLICY) as SupportedRpcMethod[]
).filter((method) => RPC_METHOD_POLICY[method].hostForward);

/**
 * The account a signing request names, or `undefined` when absent (EIP-1474 parameter
 * order): `params[1]` for `personal_sign`, `params[0]` for `eth_signTypedData_v4`,
 * `params[0].from` for `eth_sendTransaction` and `wallet_sendCalls` (EIP-5792), `params[0]` for
 * `wallet_getCapabilities`, `params[0].sender` for `eth_sendUserOperation` (ERC-4337); `undefined` for
 * every other method.
 */
export function requestedAccount(method: string, params: readonly unknown[]): unknown {
  if (method === 'personal_sign') return params[1];
  if (method === 'eth_signTypedData_v4' || method === 'wallet_getCapabilities') return params[0];
  if (method === 'eth_sendUserOperation') {
    const op = params[0];
    return op && typeof op === 'object' ? (op as { sender?: unknown }).sender : undefined;
  }
  if (method !== 'eth_sendTransaction' && method !== 'wallet_sendCalls') return undefined;
  const tx = params[0];
  return tx && typeof tx === 'object' ? (tx as { from?: unknown }).from : undefined;
}

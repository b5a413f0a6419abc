/**
 * Which dapp requests the frame serves, and how (EIP-1193, EIP-1474).
 */

/** Read-only JSON-RPC methods sent to the active network's RPC; they work while disconnected. */
export const READ_METHODS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'net_version',
  'web3_clientVersion',
]);

/**
 * Account-bound methods routed to the connected wallet (4100 while
 * disconnected), with where their account parameter sits:
 * `personal_sign [message, address]`, `eth_signTypedData_v4 [address, data]`,
 * `eth_sendTransaction [{ from, … }]`.
 */
export const ACCOUNT_METHODS: ReadonlySet<string> = new Set(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction']);

/**
 * The account a signing request names, or undefined when absent:
 * params[1] for personal_sign, params[0] for eth_signTypedData_v4,
 * params[0].from for eth_sendTransaction.
 */
export function requestedAccount(method: string, params: unknown[]): unknown {
  if (method === 'personal_sign') return params[1];
  if (method === 'eth_signTypedData_v4') return params[0];
  const tx = params[0];
  return tx && typeof tx === 'object' ? (tx as { from?: unknown }).from : undefined;
}

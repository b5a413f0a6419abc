/**
 * The eip155 methods the RPC proxy (`POST /v1/`, spec §7) forwards: reads of chain state, gas and fee estimates.
 * Everything else is refused with -32601: writes (`eth_sendRawTransaction`: a signed transaction goes to the
 * network through the wallet that signed it, not through the operator's read quota), methods that would use a
 * key held by the node (`eth_sendTransaction`, `eth_sign*`, `personal_*`), node administration and debugging (`admin_*`, `debug_*`, `miner_*`, `txpool_*`, dev-node controls such as `anvil_*`
 * and `evm_*`), the node's own accounts (`eth_accounts`), and stateful filters and subscriptions (`eth_newFilter`,
 * `eth_getFilterChanges`, `eth_subscribe`, …), which live on one upstream and break when the next request goes to
 * another (clients poll `eth_getLogs` / `eth_blockNumber` instead).
 */
export const RPC_ALLOWED_METHODS: ReadonlySet<string> = new Set([
  'eth_blobBaseFee',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_createAccessList',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_simulateV1',
  'eth_syncing',
  'net_listening',
  'net_version',
  'web3_clientVersion',
]);

/**
 * The Solana methods the RPC proxy forwards for a `solana:` chain: reads of accounts, tokens, transactions, fees
 * and the cluster, and `simulateTransaction` (runs a transaction against the current state and changes nothing).
 * Everything else is refused with -32601: writes (`sendTransaction`, `requestAirdrop`), scans of the whole chain
 * that providers price or refuse (`getProgramAccounts`, `getLargestAccounts`, `getSupply`), and anything unknown.
 * The frame uses `getBalance`; the send form `getAccountInfo`, `getLatestBlockhash`, `getSignatureStatuses`.
 */
export const SOLANA_RPC_ALLOWED_METHODS: ReadonlySet<string> = new Set([
  'getAccountInfo',
  'getBalance',
  'getBlockHeight',
  'getBlockTime',
  'getEpochInfo',
  'getEpochSchedule',
  'getFeeForMessage',
  'getGenesisHash',
  'getHealth',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getRecentPrioritizationFees',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByDelegate',
  'getTokenAccountsByOwner',
  'getTokenSupply',
  'getTransaction',
  'getTransactionCount',
  'getVersion',
  'isBlockhashValid',
  'simulateTransaction',
]);

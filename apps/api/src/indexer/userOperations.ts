import {
  decodeEventLog,
  decodeFunctionData,
  hexToBigInt,
  hexToNumber,
  parseAbi,
  size,
  slice,
  type Hex,
  type Log,
} from 'viem';

/**
 * ERC-4337 user operations in a block, for the activity history: the value a smart account sends moves in
 * an inner call of the bundle transaction (bundler → EntryPoint `handleOps`, value 0), which a block's
 * top-level values and Transfer logs do not show. Each successful operation's calls are read from the
 * bundle's own input (the account's execute call(s)) and their values become native transfers from the
 * account, in the bundle transaction: one history row per operation with the ERC-20 Transfer logs it made.
 * Accounts read: Safe + Safe4337Module (`executeUserOp` / `executeUserOpWithErrorString`, a batch through
 * MultiSend), SimpleAccount and Simple7702Account (`execute` / `executeBatch`). Others are skipped: their
 * ERC-20 transfers still show (logs), their ETH values do not.
 */

/** EntryPoint v0.7 and v0.8 (their `handleOps` and `UserOperationEvent` are the same). */
export const ENTRY_POINTS: ReadonlySet<string> = new Set([
  '0x0000000071727de22e5e9d8baf0edac6f37da032',
  '0x4337084d9e255ff0702461cf8895ce9e3b5ff108',
]);

const ENTRY_POINT = parseAbi([
  'function handleOps((address sender, uint256 nonce, bytes initCode, bytes callData, bytes32 accountGasLimits, uint256 preVerificationGas, bytes32 gasFees, bytes paymasterAndData, bytes signature)[] ops, address beneficiary)',
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
]);
const ACCOUNTS = parseAbi([
  'function executeUserOp(address to, uint256 value, bytes data, uint8 operation)',
  'function executeUserOpWithErrorString(address to, uint256 value, bytes data, uint8 operation)',
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
  'function multiSend(bytes transactions)',
]);

/** A value an account sent in one of its calls (addresses lowercase, wei). */
export type UserOperationValue = { sender: string; to: string; value: bigint };

/** MultiSend's packed entries' plain calls (operation 0). @throws on a malformed entry */
function multiSendValues(packed: Hex): { to: string; value: bigint }[] {
  const out: { to: string; value: bigint }[] = [];
  let at = 0;
  const end = size(packed);
  while (at + 85 <= end) {
    const operation = hexToNumber(slice(packed, at, at + 1));
    const to = slice(packed, at + 1, at + 21);
    const value = hexToBigInt(slice(packed, at + 21, at + 53));
    const length = Number(hexToBigInt(slice(packed, at + 53, at + 85)));
    if (operation === 0) out.push({ to, value });
    at += 85 + length;
  }
  return out;
}

/** The calls (target, value) of an account's execute call data, or [] when it is not one this module reads. */
export function callValues(callData: Hex): { to: string; value: bigint }[] {
  try {
    const { functionName, args } = decodeFunctionData({ abi: ACCOUNTS, data: callData });
    switch (functionName) {
      case 'executeUserOp':
      case 'executeUserOpWithErrorString': {
        const [to, value, data, operation] = args;
        if (operation === 0) return [{ to, value }];
        const inner = decodeFunctionData({ abi: ACCOUNTS, data });
        return inner.functionName === 'multiSend' ? multiSendValues(inner.args[0]) : [];
      }
      case 'execute':
        return [{ to: args[0], value: args[1] }];
      case 'executeBatch':
        if (args.length === 1) return args[0].map((call) => ({ to: call.target, value: call.value }));
        return args[0].map((to, i) => ({ to, value: args[1][i] ?? 0n }));
      default:
        return [];
    }
  } catch {
    return [];
  }
}

/**
 * The values the successful user operations of one bundle transaction sent, in operation and call order.
 * @param input the transaction's input (to an EntryPoint)
 * @param logs the transaction's logs (its `UserOperationEvent`s say which operations succeeded)
 */
export function userOperationValues(input: Hex, logs: readonly Log[]): UserOperationValue[] {
  let ops: readonly { sender: string; nonce: bigint; callData: Hex }[];
  try {
    const decoded = decodeFunctionData({ abi: ENTRY_POINT, data: input });
    if (decoded.functionName !== 'handleOps') return [];
    ops = decoded.args[0];
  } catch {
    return [];
  }
  const succeeded = new Set<string>();
  for (const log of logs) {
    if (!ENTRY_POINTS.has(log.address.toLowerCase())) continue;
    try {
      const event = decodeEventLog({ abi: ENTRY_POINT, data: log.data, topics: log.topics });
      if (event.eventName === 'UserOperationEvent' && event.args.success)
        succeeded.add(`${event.args.sender.toLowerCase()}:${event.args.nonce}`);
    } catch {
      // another event of the EntryPoint
    }
  }
  const values: UserOperationValue[] = [];
  for (const op of ops) {
    if (!succeeded.has(`${op.sender.toLowerCase()}:${op.nonce}`)) continue;
    for (const call of callValues(op.callData))
      if (call.value > 0n)
        values.push({ sender: op.sender.toLowerCase(), to: call.to.toLowerCase(), value: call.value });
  }
  return values;
}

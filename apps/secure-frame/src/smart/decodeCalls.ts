import {
  decodeFunctionData,
  hexToBigInt,
  hexToNumber,
  isAddressEqual,
  parseAbi,
  size,
  slice,
  getAddress,
  type Hex,
} from 'viem';
import type { SmartAccountHandle } from './account.ts';
import type { SmartCall } from './userOperation.ts';

/**
 * The calls a user operation's `callData` makes, for the approval of a page-built operation
 * (smart/pageOperation.ts). Decoded by the wallet's own reading of the account's execute functions, then
 * accepted only when the account's code (`encodeCalls`) encodes those calls back to exactly the same bytes:
 * so what is shown is what runs, and every other form (a delegatecall, a nested MultiSend, trailing bytes)
 * is refused rather than shown approximately.
 */

const SAFE_4337_MODULE = parseAbi([
  'function executeUserOpWithErrorString(address to, uint256 value, bytes data, uint8 operation)',
]);
const MULTI_SEND = parseAbi(['function multiSend(bytes transactions)']);

/** MultiSend's packed entries (operation, to, value, data length, data), each a plain call (operation 0). */
function multiSendEntries(packed: Hex): SmartCall[] {
  const calls: SmartCall[] = [];
  const end = size(packed);
  let at = 0;
  while (at < end) {
    if (at + 85 > end) throw new Error('truncated entry');
    if (hexToNumber(slice(packed, at, at + 1)) !== 0) throw new Error('not a plain call');
    const to = getAddress(slice(packed, at + 1, at + 21));
    const value = hexToBigInt(slice(packed, at + 21, at + 53));
    const length = Number(hexToBigInt(slice(packed, at + 53, at + 85)));
    if (at + 85 + length > end) throw new Error('truncated data');
    const data = length === 0 ? undefined : slice(packed, at + 85, at + 85 + length);
    calls.push({ to, value, data });
    at += 85 + length;
  }
  return calls;
}

/**
 * A Safe (Safe4337Module) `callData`: one call (`operation` 0), or a batch through the account's own
 * MultiSendCallOnly (`operation` 1, which the module then delegatecalls, entries plain calls only).
 * @param multiSend the MultiSendCallOnly address the account itself encodes batches with
 * @throws Error for anything else
 */
function decodeSafe(callData: Hex, multiSend: Hex): SmartCall[] {
  const { args } = decodeFunctionData({ abi: SAFE_4337_MODULE, data: callData });
  const [to, value, data, operation] = args;
  if (operation === 0) return [{ to, value, data: data === '0x' ? undefined : data }];
  if (operation !== 1 || !isAddressEqual(to, multiSend) || value !== 0n) throw new Error('not a batch');
  const batch = decodeFunctionData({ abi: MULTI_SEND, data });
  return multiSendEntries(batch.args[0]);
}

/** The `to` of the account's own encoding of a two-call batch: its MultiSendCallOnly. */
async function multiSendOf(handle: SmartAccountHandle): Promise<Hex> {
  const sample = await handle.account.encodeCalls([
    { to: handle.account.address, value: 0n, data: '0x' },
    { to: handle.account.address, value: 0n, data: '0x' },
  ]);
  return decodeFunctionData({ abi: SAFE_4337_MODULE, data: sample }).args[0];
}

/**
 * The calls of `callData` when they encode back to exactly `callData` with the account's own code.
 * @returns the calls in order, or `undefined` when the bytes are not the account's execute call(s)
 */
export async function decodeOwnCalls(handle: SmartAccountHandle, callData: Hex): Promise<SmartCall[] | undefined> {
  try {
    const calls =
      handle.mode === 'safe'
        ? decodeSafe(callData, await multiSendOf(handle))
        : ((await handle.account.decodeCalls?.(callData)) ?? []).map((call) => ({
            to: call.to,
            value: call.value ?? 0n,
            data: call.data && call.data !== '0x' ? call.data : undefined,
          }));
    if (calls.length === 0) return undefined;
    const encoded = await handle.account.encodeCalls(calls.map((call) => ({ ...call, data: call.data ?? '0x' })));
    return encoded.toLowerCase() === callData.toLowerCase() ? calls : undefined;
  } catch {
    return undefined;
  }
}

import { isAddress, isHex, type Hex } from 'viem';
import { Eip5792ErrorCode, ErrorCode } from '@airlock/protocol';
import { apiFailure } from '../api/client.ts';
import { describeTransaction } from '../rpc/describe.ts';
import type { ApprovalDetails } from '../rpc/details.ts';
import { tokenInfo } from '../rpc/evmSend.ts';
import type { SmartAccountHandle } from './account.ts';
import {
  callsStatus,
  sendUserOperation,
  waitForInclusion,
  type SmartCall,
  type UserOperationDeps,
} from './userOperation.ts';

/** The most calls one `wallet_sendCalls` batch may hold (each is listed on the approval). */
export const MAX_BATCH_CALLS = 16;

/** How long `eth_sendTransaction` from a smart account waits for its operation's inclusion (ms). */
const INCLUSION_TIMEOUT_MS = 60_000;

const invalid = (message: string) => apiFailure(ErrorCode.InvalidParams, message);

/**
 * The capabilities a batch may name without `optional: true` (EIP-5792): a `paymasterService` is taken
 * and not followed (sponsorship is the operator's paymaster alone, never a URL the page names).
 */
const KNOWN_CAPABILITIES = new Set(['paymasterService']);

/** EIP-5792 5700: the first capability the request requires that this wallet does not know, else null. */
function unsupportedCapability(capabilities: unknown): string | null {
  if (!capabilities || typeof capabilities !== 'object') return null;
  for (const [name, value] of Object.entries(capabilities)) {
    const optional = !!value && typeof value === 'object' && (value as { optional?: unknown }).optional === true;
    if (!optional && !KNOWN_CAPABILITIES.has(name)) return name.slice(0, 64);
  }
  return null;
}

/** A quantity (hex or decimal string, or number) as bigint, 0 when absent. @throws -32602 */
function quantity(value: unknown, name: string): bigint {
  if (value === undefined || value === null) return 0n;
  try {
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') {
      const parsed = BigInt(value);
      if (parsed >= 0n) return parsed;
    }
  } catch {
    // refused below
  }
  throw invalid(`Invalid ${name}`);
}

/** One call from a request (`{ to, value?, data? }`): a target is required (a smart account does not deploy contracts here). */
function parseCall(raw: unknown): SmartCall {
  const call = (raw ?? {}) as { to?: unknown; value?: unknown; data?: unknown };
  if (typeof call.to !== 'string' || !isAddress(call.to)) throw invalid('Invalid recipient');
  if (call.data !== undefined && call.data !== null && !isHex(call.data)) throw invalid('Invalid data');
  return { to: call.to, value: quantity(call.value, 'value'), data: (call.data ?? undefined) as Hex | undefined };
}

/** What the smart account's transaction methods need. */
export type SmartCallsDeps = Omit<UserOperationDeps, 'handle'> & {
  handle: SmartAccountHandle;
  /** The request's network (CAIP-2). */
  caipNetworkId: string;
  /** Called after an operation was sent (the account may now be deployed). */
  sent?: () => void;
};

/** Each call described as a single transaction's approval would (ERC-20 transfer / approve decoded with the token read from the deployment's RPC). */
export async function describeCalls(
  calls: SmartCall[],
  deps: Pick<SmartCallsDeps, 'handle' | 'native'>,
): Promise<ApprovalDetails[]> {
  return Promise.all(
    calls.map(async (call: SmartCall) =>
      describeTransaction(
        { to: call.to, value: `0x${call.value.toString(16)}`, data: call.data },
        deps.native,
        call.data && call.data.length >= 10 ? await tokenInfo(deps.handle.client, call.to) : undefined,
      ),
    ),
  );
}

/**
 * `eth_sendTransaction` from a smart account: the transaction becomes one call of a user operation
 * (smart/userOperation.ts); the dapp's `gas`, fee and nonce fields are ignored. Answers the hash of the
 * bundle transaction that included it (so the dapp's receipt lookup works), after at most 60 s.
 * @throws -32602 for a `from` that is not the smart account or bad fields; see {@link sendUserOperation}
 */
export async function sendSmartTransaction(params: unknown[], deps: SmartCallsDeps): Promise<Hex> {
  const tx = (params[0] ?? {}) as { from?: unknown };
  const own = deps.handle.account.address;
  if (tx.from !== undefined && (typeof tx.from !== 'string' || tx.from.toLowerCase() !== own.toLowerCase()))
    throw invalid('Unknown account');
  const call = parseCall(tx);
  const [described] = await describeCalls([call], deps);
  const details: ApprovalDetails = {
    ...(described as ApprovalDetails),
    fields: [{ label: 'From (smart account)', value: own }, ...(described as ApprovalDetails).fields],
  };
  const hash = await sendUserOperation([call], details, deps);
  deps.sent?.();
  const included = await waitForInclusion(deps.handle, deps.bundlerUrl, hash, INCLUSION_TIMEOUT_MS);
  deps.sent?.();
  return included.transactionHash;
}

/**
 * `wallet_sendCalls` (EIP-5792): the batch runs atomically in one user operation after one approval that
 * lists every call. The request's `chainId` must be the network's, `from` (when given) the smart account;
 * `capabilities` (e.g. a `paymasterService` URL) are not followed: sponsorship is the operator's alone.
 * @returns `{ id }`: the user operation hash (for `wallet_getCallsStatus`)
 * @throws -32602 for a malformed or empty batch; EIP-5792 5710 for another chain, 5700 for a required
 * capability it does not know, 5740 for more than {@link MAX_BATCH_CALLS} calls
 */
export async function sendSmartCalls(params: unknown[], deps: SmartCallsDeps): Promise<{ id: Hex }> {
  const request = (params[0] ?? {}) as { chainId?: unknown; from?: unknown; calls?: unknown; capabilities?: unknown };
  const own = deps.handle.account.address;
  if (
    request.from !== undefined &&
    (typeof request.from !== 'string' || request.from.toLowerCase() !== own.toLowerCase())
  )
    throw invalid('Unknown account');
  if (request.chainId !== undefined && quantity(request.chainId, 'chainId') !== BigInt(deps.handle.chainId))
    throw apiFailure(Eip5792ErrorCode.UnsupportedChainId, 'The batch is for another network');
  const capability = unsupportedCapability(request.capabilities);
  if (capability)
    throw apiFailure(Eip5792ErrorCode.UnsupportedNonOptionalCapability, `Unsupported capability: ${capability}`);
  if (!Array.isArray(request.calls) || request.calls.length === 0) throw invalid('Expected at least one call');
  if (request.calls.length > MAX_BATCH_CALLS)
    throw apiFailure(Eip5792ErrorCode.BundleTooLarge, `At most ${MAX_BATCH_CALLS} calls in one batch`);
  const calls = request.calls.map(parseCall);
  const described = await describeCalls(calls, deps);
  const details: ApprovalDetails = {
    title: `Send ${calls.length} call${calls.length === 1 ? '' : 's'} together (all or none)`,
    fields: [{ label: 'From (smart account)', value: own }],
    calls: described,
    ...(described.some((call) => call.warning)
      ? { warning: 'One of the calls needs attention: read each call below' }
      : {}),
  };
  const id = await sendUserOperation(calls, details, deps);
  deps.sent?.();
  return { id };
}

/**
 * `wallet_getCallsStatus` (EIP-5792) for an id {@link sendSmartCalls} answered: the receipt through the
 * API's bundler route. @throws -32602 for an id that is not a 32-byte hash
 */
export async function smartCallsStatus(params: unknown[], deps: SmartCallsDeps) {
  const [id] = params;
  if (typeof id !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(id)) throw invalid('Invalid calls id');
  const status = await callsStatus(deps.handle, deps.bundlerUrl, id as Hex, deps.timeoutMs);
  if (status.status !== 100) deps.sent?.();
  return status;
}

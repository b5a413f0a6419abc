import { isAddress, isAddressEqual, isHex, type Address, type Hex } from 'viem';
import { formatUserOperationRequest, type UserOperation } from 'viem/account-abstraction';
import { ErrorCode } from '@airlock/protocol';
import { apiFailure } from '../api/client.ts';
import { describeCost } from '../rpc/cost.ts';
import type { ApprovalDetails } from '../rpc/details.ts';
import { currencyNotice, formatNative } from '../rpc/nativeCurrency.ts';
import { bundlerClientOf } from './account.ts';
import { describeCalls, MAX_BATCH_CALLS, type SmartCallsDeps } from './calls.ts';
import { decodeOwnCalls } from './decodeCalls.ts';
import { BUNDLER_DOWN, bundlerDown, FEE_PAYER, maxGasOf, reason } from './userOperation.ts';

/**
 * `eth_sendUserOperation` for a dapp that builds its own user operation (spec §6 lists it among the unsafe
 * methods). The secure frame signs such an operation only when it can show exactly what it does: the
 * `sender` is the visitor's own smart account on the request's network, the `callData` is the account's own
 * execute call(s) (decoded, and re-encoded by the account's code to the very same bytes, so a delegatecall,
 * an extra byte or any other form is refused), the deployment data (if any) is the account's own, and the
 * gas limits and fees are the page's: the approval shows each call and the maximum cost they allow
 * (every gas limit × `maxFeePerGas`), and who pays (the account, or the paymaster the page named). Exactly
 * that operation is signed and sent through the API's bundler route.
 */

/** The refusal for a `callData` the wallet cannot show call by call. */
export const UNDECODABLE_CALLDATA =
  'The operation’s callData is not your account’s own execute call, so it cannot be shown: refused';
/** The refusal for an operation of another sender. */
export const FOREIGN_SENDER = 'The operation’s sender is not your smart account on this network: refused';

const invalid = (message: string) => apiFailure(ErrorCode.InvalidParams, message);

/** The fields of an ERC-4337 v0.7 / v0.8 RPC user operation (`signature` is ignored: the wallet signs). */
const REQUIRED_QUANTITIES = [
  'nonce',
  'callGasLimit',
  'verificationGasLimit',
  'preVerificationGas',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
] as const;
const PAYMASTER_QUANTITIES = ['paymasterVerificationGasLimit', 'paymasterPostOpGasLimit'] as const;
const KNOWN = new Set<string>([
  'sender',
  'callData',
  'factory',
  'factoryData',
  'paymaster',
  'paymasterData',
  'signature',
  ...REQUIRED_QUANTITIES,
  ...PAYMASTER_QUANTITIES,
]);

const quantity = (raw: Record<string, unknown>, key: string): bigint => {
  const value = raw[key];
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value))
    throw invalid(`The operation’s ${key} must be a hex quantity`);
  return BigInt(value);
};

/**
 * A page's RPC user operation checked field by field (ERC-4337 v0.7 / v0.8 JSON-RPC form). Complete:
 * every gas limit and fee is required (the wallet does not fill a page's operation). Unknown fields (v0.6's
 * `initCode` / `paymasterAndData`, an `eip7702Auth` the wallet did not sign) are refused.
 * @throws -32602 naming the bad field
 */
export function parsePageOperation(raw: unknown): UserOperation<'0.7'> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalid('Expected a user operation object');
  const op = raw as Record<string, unknown>;
  const unknown = Object.keys(op).find((key) => !KNOWN.has(key));
  if (unknown) throw invalid(`The operation has a field the wallet does not sign as given: ${unknown}`);
  if (typeof op.sender !== 'string' || !isAddress(op.sender))
    throw invalid('The operation’s sender must be an address');
  if (!isHex(op.callData)) throw invalid('The operation’s callData must be hex');
  const parsed: UserOperation<'0.7'> = {
    sender: op.sender as Address,
    callData: op.callData,
    signature: '0x',
    nonce: quantity(op, 'nonce'),
    callGasLimit: quantity(op, 'callGasLimit'),
    verificationGasLimit: quantity(op, 'verificationGasLimit'),
    preVerificationGas: quantity(op, 'preVerificationGas'),
    maxFeePerGas: quantity(op, 'maxFeePerGas'),
    maxPriorityFeePerGas: quantity(op, 'maxPriorityFeePerGas'),
  };
  if (op.factory !== undefined && op.factory !== null) {
    if (typeof op.factory !== 'string' || !isAddress(op.factory) || !isHex(op.factoryData))
      throw invalid('The operation’s factory must be an address with hex factoryData');
    parsed.factory = op.factory as Address;
    parsed.factoryData = op.factoryData;
  }
  if (op.paymaster !== undefined && op.paymaster !== null) {
    if (typeof op.paymaster !== 'string' || !isAddress(op.paymaster) || !isHex(op.paymasterData ?? '0x'))
      throw invalid('The operation’s paymaster must be an address with hex paymasterData');
    parsed.paymaster = op.paymaster as Address;
    parsed.paymasterData = (op.paymasterData ?? '0x') as Hex;
    parsed.paymasterVerificationGasLimit = quantity(op, 'paymasterVerificationGasLimit');
    parsed.paymasterPostOpGasLimit = quantity(op, 'paymasterPostOpGasLimit');
  }
  return parsed;
}

/** Refuses deployment data that is not the account's own (or any, once it exists; any in EIP-7702 mode). */
async function checkDeployment(deps: SmartCallsDeps, op: UserOperation<'0.7'>): Promise<void> {
  const { account, mode } = deps.handle;
  const deployed = await account.isDeployed().catch((error: unknown) => {
    throw apiFailure(ErrorCode.InternalError, `The network did not answer: ${reason(error)}`);
  });
  if (mode === 'eip7702') {
    if (!deployed || op.factory)
      throw invalid('Send one operation from the wallet first: it upgrades your account, a page’s operation cannot');
    return;
  }
  if (deployed) {
    if (op.factory) throw invalid('Your account already exists: the operation must not deploy it');
    return;
  }
  const own = await account.getFactoryArgs();
  if (
    !op.factory ||
    !own.factory ||
    !isAddressEqual(op.factory, own.factory) ||
    op.factoryData?.toLowerCase() !== own.factoryData?.toLowerCase()
  )
    throw invalid('Your account does not exist yet: the operation must deploy exactly your account');
}

/**
 * `eth_sendUserOperation [operation, entryPoint]` from the page (see the module comment).
 * @returns the user operation hash the bundler answers
 * @throws 4100 {@link FOREIGN_SENDER}; -32602 for another EntryPoint, a malformed or incomplete operation,
 * {@link UNDECODABLE_CALLDATA}, foreign deployment data, or funds below the maximum cost; 4001 when rejected;
 * -32603 {@link BUNDLER_DOWN} or the bundler's refusal
 */
export async function sendPageUserOperation(params: unknown[], deps: SmartCallsDeps): Promise<Hex> {
  const { handle } = deps;
  const own = handle.account.address;
  const [raw, entryPoint] = params;
  const op = parsePageOperation(raw);
  if (!isAddressEqual(op.sender, own)) throw apiFailure(ErrorCode.Unauthorized, FOREIGN_SENDER);
  if (
    typeof entryPoint !== 'string' ||
    !isAddress(entryPoint) ||
    !isAddressEqual(entryPoint, handle.account.entryPoint.address)
  )
    throw invalid(`The operation is for another EntryPoint: your account uses ${handle.account.entryPoint.address}`);
  const calls = await decodeOwnCalls(handle, op.callData);
  if (!calls || calls.length > MAX_BATCH_CALLS) throw invalid(UNDECODABLE_CALLDATA);
  await checkDeployment(deps, op);
  const value = calls.reduce((sum, call) => sum + call.value, 0n);
  const maxFee = maxGasOf(op) * op.maxFeePerGas;
  // With a paymaster the EntryPoint takes the fee from the paymaster's deposit, not from the account.
  const maxCost = op.paymaster ? value : value + maxFee;
  const balance = await handle.client.getBalance({ address: own }).catch((error: unknown) => {
    throw apiFailure(ErrorCode.InternalError, `The network did not answer: ${reason(error)}`);
  });
  if (balance < maxCost)
    throw invalid(`Insufficient funds: this operation may cost up to ${formatNative(maxCost, deps.native)}`);
  const described = await describeCalls(calls, deps);
  const paymasterNote = op.paymaster
    ? 'The app chose a paymaster to pay the fee; a paymaster may take payment in tokens your account lets it spend'
    : undefined;
  const callWarning = described.some((call) => call.warning)
    ? 'One of the calls needs attention: read each call below'
    : undefined;
  const details: ApprovalDetails = {
    title: `Run the app’s operation: ${calls.length} call${calls.length === 1 ? '' : 's'} (all or none)`,
    fields: [
      { label: 'From (smart account)', value: own },
      ...(op.paymaster ? [{ label: 'Paymaster (chosen by the app)', value: op.paymaster }] : []),
    ],
    calls: described,
    ...(paymasterNote || callWarning ? { warning: [callWarning, paymasterNote].filter(Boolean).join('. ') } : {}),
    cost: {
      ...describeCost({ maxFee, maxCost }, deps.native, {
        currencyNotice: currencyNotice(deps.native),
        usdPerCoin: deps.usdPerCoin,
      }),
      feePayer: op.paymaster ? `The paymaster ${op.paymaster} (chosen by the app)` : FEE_PAYER.account,
    },
  };
  await deps.approve(details);
  // Exactly what was shown: the page's operation as parsed, signed by the account, sent as signed.
  const signature = await handle.account.signUserOperation({ ...op, chainId: handle.chainId } as never);
  const bundler = bundlerClientOf(handle, deps.bundlerUrl, deps.timeoutMs);
  const hash = (await bundler
    .request({
      method: 'eth_sendUserOperation',
      params: [formatUserOperationRequest({ ...op, signature }), handle.account.entryPoint.address],
    })
    .catch((error: unknown) => {
      if (bundlerDown(error)) throw apiFailure(ErrorCode.InternalError, BUNDLER_DOWN);
      throw apiFailure(ErrorCode.InternalError, `The bundler refused the operation: ${reason(error)}`);
    })) as Hex;
  deps.sent?.();
  return hash;
}

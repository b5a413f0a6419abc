import { BaseError, type Hex } from 'viem';
import {
  formatUserOperationRequest,
  type PrepareUserOperationReturnType,
  type UserOperation,
} from 'viem/account-abstraction';
import { ErrorCode } from '@airlock/protocol';
import { apiFailure } from '../api/client.ts';
import { describeCost } from '../rpc/cost.ts';
import type { ApprovalDetails } from '../rpc/details.ts';
import { currencyNotice, formatNative, type ChosenNativeCurrency } from '../rpc/nativeCurrency.ts';
import { bundlerClientOf, type SmartAccountHandle } from './account.ts';

/** One call of a user operation (EIP-5792 call: target, wei, calldata). */
export type SmartCall = { to: Hex; value: bigint; data?: Hex | undefined };

/** What a user operation needs from the request handler. */
export type UserOperationDeps = {
  handle: SmartAccountHandle;
  /** The API's bundler route for the network (`<apiUrl>/v1/bundler?projectId&chainId`), also its ERC-7677 paymaster. */
  bundlerUrl: string;
  /** The network's coin (deployment's, else page's, else wei): the unit the cost is shown in. */
  native: ChosenNativeCurrency;
  /** US dollars per coin for the cost (the deployment's coin only), or undefined. */
  usdPerCoin?: number | undefined;
  timeoutMs: number;
  /** Shows the approval. @throws 4001 when the person rejects */
  approve: (details: ApprovalDetails) => Promise<void>;
};

/** Who pays a user operation's fee (the approval's "Fee paid by" line). */
export const FEE_PAYER = {
  sponsor: 'The app’s gas sponsor (this operation is sponsored)',
  account: 'Your account',
} as const;

/** Shown when the bundler (through the API) cannot be reached: nothing was signed or sent. */
export const BUNDLER_DOWN = 'The smart account service is unavailable; nothing was sent. Please try again later';

/** An error's short reason (viem's short message, else the message). */
export const reason = (error: unknown) =>
  error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error);

/** True for an error that says the bundler route could not be reached (network, timeout, 'Bundler unavailable'). */
export function bundlerDown(error: unknown): boolean {
  const text = `${reason(error)} ${error instanceof BaseError ? error.details : ''}`;
  return /Bundler unavailable|HTTP request failed|fetch failed|Failed to fetch|took too long|timed? ?out/i.test(text);
}

/** The most gas an operation may use: every gas limit it carries (ERC-4337 v0.7 and v0.8). Pure. */
export function maxGasOf(
  op: Pick<UserOperation, 'callGasLimit' | 'verificationGasLimit' | 'preVerificationGas'> & {
    paymasterVerificationGasLimit?: bigint | undefined;
    paymasterPostOpGasLimit?: bigint | undefined;
  },
): bigint {
  return (
    op.callGasLimit +
    op.verificationGasLimit +
    op.preVerificationGas +
    (op.paymasterVerificationGasLimit ?? 0n) +
    (op.paymasterPostOpGasLimit ?? 0n)
  );
}

/**
 * Runs `calls` as one user operation of the network's smart account (atomic: all or none), after the
 * approval. The operation is filled first, through the API's bundler route only: sponsored by the
 * operator's paymaster (ERC-7677 `pm_getPaymasterStubData` / `pm_getPaymasterData` of the same route)
 * when the project's policy allows it, else paid by the account. The approval shows who pays the fee and
 * the maximum cost computed from the filled operation's own gas limits and fee (the page's gas and fee
 * fields are never used, nor a paymaster the page names); exactly that operation is signed and sent.
 * In `eip7702` mode the first operation carries the owner's EIP-7702 authorization (the delegation).
 * @param details what the calls do, decoded (the approval screen's fields and one entry per call)
 * @returns the user operation hash
 * @throws -32602 when the account cannot pay; 4001 when rejected; -32603 with a clear message when the
 * bundler is down ({@link BUNDLER_DOWN}) or the operation would fail
 */
export async function sendUserOperation(
  calls: SmartCall[],
  details: ApprovalDetails,
  deps: UserOperationDeps,
): Promise<Hex> {
  const { handle } = deps;
  const bundler = bundlerClientOf(handle, deps.bundlerUrl, deps.timeoutMs);
  const failure = (what: string) => (error: unknown) => {
    if (bundlerDown(error)) throw apiFailure(ErrorCode.InternalError, BUNDLER_DOWN);
    throw apiFailure(ErrorCode.InternalError, `${what}: ${reason(error)}`);
  };
  // EIP-7702: the first operation carries the owner's authorization to run Simple7702Account's code.
  const implementation = (handle.account as { authorization?: { address: Hex } }).authorization?.address;
  const delegated =
    handle.mode !== 'eip7702' || (await handle.account.isDeployed().catch(failure('The network did not answer')));
  const authorization =
    !delegated && implementation
      ? await handle.owner.signAuthorization?.({
          chainId: handle.chainId,
          contractAddress: implementation,
          nonce: await handle.client
            .getTransactionCount({ address: handle.owner.address })
            .catch(failure('The network did not answer')),
        })
      : undefined;
  const prepare = (paymaster: boolean) =>
    bundler.prepareUserOperation({
      account: handle.account,
      calls,
      ...(authorization ? { authorization } : {}),
      ...(paymaster ? { paymaster: true } : {}),
    } as never) as Promise<PrepareUserOperationReturnType>;
  // Sponsorship is the operator's (the API's policy, EntryPoint v0.7 paymaster): tried first in safe mode;
  // refused (policy off, over the daily limit, a target not allowed), the account pays.
  let op: PrepareUserOperationReturnType | undefined;
  let sponsored = false;
  if (handle.mode === 'safe') {
    try {
      op = await prepare(true);
      sponsored = true;
    } catch (error) {
      if (bundlerDown(error)) throw apiFailure(ErrorCode.InternalError, BUNDLER_DOWN);
    }
  }
  op ??= await prepare(false).catch(failure('The operation would fail'));
  const value = calls.reduce((sum, call) => sum + call.value, 0n);
  const maxFee = maxGasOf(op as never) * op.maxFeePerGas;
  const maxCost = sponsored ? value : value + maxFee;
  const balance = await handle.client
    .getBalance({ address: handle.account.address })
    .catch(failure('The network did not answer'));
  if (balance < maxCost)
    throw apiFailure(
      ErrorCode.InvalidParams,
      `Insufficient funds: this operation may cost up to ${formatNative(maxCost, deps.native)}`,
    );
  await deps.approve({
    ...details,
    cost: {
      ...describeCost({ maxFee, maxCost }, deps.native, {
        currencyNotice: currencyNotice(deps.native),
        usdPerCoin: deps.usdPerCoin,
      }),
      feePayer: sponsored ? FEE_PAYER.sponsor : FEE_PAYER.account,
    },
  });
  // Exactly what was shown: signed as filled, sent as signed.
  const signature = await handle.account.signUserOperation(op as never);
  return (await bundler
    .request({
      method: 'eth_sendUserOperation',
      params: [formatUserOperationRequest({ ...(op as UserOperation), signature }), handle.account.entryPoint.address],
    })
    .catch(failure('The bundler refused the operation'))) as Hex;
}

/** EIP-5792 `wallet_getCallsStatus` answer for a user operation (its receipt through the bundler). */
export type CallsStatus = {
  version: '2.0.0';
  id: Hex;
  chainId: Hex;
  /** 100 pending, 200 confirmed, 500 reverted on chain (EIP-5792 status codes). */
  status: 100 | 200 | 500;
  atomic: true;
  receipts?: {
    logs: { address: Hex; data: Hex; topics: Hex[] }[];
    status: Hex;
    blockHash: Hex;
    blockNumber: Hex;
    gasUsed: Hex;
    transactionHash: Hex;
  }[];
};

/**
 * The status of user operation `id` (EIP-5792 `wallet_getCallsStatus`): pending until the bundler has
 * its receipt, then confirmed or reverted with the bundle transaction's receipt.
 * @throws -32603 {@link BUNDLER_DOWN} when the bundler cannot be reached
 */
export async function callsStatus(handle: SmartAccountHandle, bundlerUrl: string, id: Hex, timeoutMs: number) {
  const bundler = bundlerClientOf(handle, bundlerUrl, timeoutMs);
  const chainId = `0x${handle.chainId.toString(16)}` as Hex;
  const receipt = await bundler.getUserOperationReceipt({ hash: id }).catch((error: unknown) => {
    if (bundlerDown(error)) throw apiFailure(ErrorCode.InternalError, BUNDLER_DOWN);
    return undefined;
  });
  if (!receipt) return { version: '2.0.0', id, chainId, status: 100, atomic: true } satisfies CallsStatus;
  const hex = (n: bigint) => `0x${n.toString(16)}` as Hex;
  return {
    version: '2.0.0',
    id,
    chainId,
    status: receipt.success ? 200 : 500,
    atomic: true,
    receipts: [
      {
        logs: receipt.logs.map((log) => ({ address: log.address, data: log.data, topics: [...log.topics] as Hex[] })),
        status: receipt.success ? '0x1' : '0x0',
        blockHash: receipt.receipt.blockHash,
        blockNumber: hex(receipt.receipt.blockNumber),
        gasUsed: hex(receipt.receipt.gasUsed),
        transactionHash: receipt.receipt.transactionHash,
      },
    ],
  } satisfies CallsStatus;
}

/**
 * Waits for user operation `hash` to be included (eth_sendTransaction answers the transaction hash of
 * its bundle), at most `timeoutMs`.
 * @throws -32603 when it is not included in time (the operation may still land: its hash is in the message)
 */
export async function waitForInclusion(
  handle: SmartAccountHandle,
  bundlerUrl: string,
  hash: Hex,
  timeoutMs: number,
): Promise<{ transactionHash: Hex; success: boolean }> {
  const bundler = bundlerClientOf(handle, bundlerUrl, Math.min(timeoutMs, 10_000));
  try {
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: timeoutMs, pollingInterval: 250 });
    return { transactionHash: receipt.receipt.transactionHash, success: receipt.success };
  } catch (error) {
    throw apiFailure(ErrorCode.InternalError, `The operation ${hash} was not included yet: ${reason(error)}`);
  }
}

import { getAddress, type Hex, type LocalAccount } from 'viem';
import { formatUserOperation, type RpcUserOperation } from 'viem/account-abstraction';
import { z } from 'zod/mini';
import type { BundlerConfig } from '../bundler/config.ts';
import type { Db } from '../db/client.ts';
import { getSponsorshipPolicy, reserveSponsoredGas, sponsoredGas, utcDay, type UsageKey } from './policy.ts';
import {
  callTargets,
  encodePaymasterData,
  maxGas,
  PAYMASTER_POST_OP_GAS,
  PAYMASTER_VERIFICATION_GAS,
  quantity,
  signPaymasterData,
  STUB_SIGNATURE,
  type SponsoredUserOperation,
} from './verifyingPaymaster.ts';

/**
 * The paymaster service of ERC-7677 for the operator's VerifyingPaymaster: `pm_getPaymasterStubData` (for gas
 * estimation) and `pm_getPaymasterData` (the signed data that makes the paymaster pay), both with params
 * `[userOperation, entryPoint, chainId, context]`. A request is sponsored only inside the project's policy
 * (`policy.ts`): a policy that is on, every call target allowed, a gas price no higher than
 * {@link MAX_FEE_FACTOR} times the chain's, and the sender's gas of the UTC day within the daily limit once
 * this operation's maximum is added (reserved when `pm_getPaymasterData` signs). Anything else is refused with
 * {@link SPONSORSHIP_REFUSED} and a reason: the wallet then sends the operation unsponsored.
 */

/** JSON-RPC error code of a refused sponsorship (implementation-defined server error range of JSON-RPC 2.0). */
export const SPONSORSHIP_REFUSED = -32011;
/** How long a paymaster signature is valid (seconds): the operation must be included before. */
export const SPONSORSHIP_VALIDITY_S = 600;
/** The highest `maxFeePerGas` signed, as a multiple of the chain's gas price (room for a rising base fee). */
export const MAX_FEE_FACTOR = 3n;

/** Refusal reasons (the `message` of the {@link SPONSORSHIP_REFUSED} error). */
export const RefusalReason = {
  Unavailable: 'Sponsorship is not available on this chain',
  Off: 'Sponsorship is off for this project',
  Target: 'A call target is not sponsored by this project',
  Limit: "The sender's daily sponsored gas limit is reached",
  Fee: 'The gas price is above what this project sponsors',
} as const;

/** A request the paymaster service refuses or cannot read. */
export class PaymasterRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const Address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));
const Hexa = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/));
const Quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/));

/** The v0.7 user operation in JSON-RPC form (gas fields may be absent or zero in a stub request). */
const RpcUserOperationSchema = z.object({
  sender: Address,
  nonce: Quantity,
  factory: z.optional(z.nullable(Address)),
  factoryData: z.optional(z.nullable(Hexa)),
  callData: Hexa,
  callGasLimit: z.optional(Quantity),
  verificationGasLimit: z.optional(Quantity),
  preVerificationGas: z.optional(Quantity),
  maxFeePerGas: z.optional(Quantity),
  maxPriorityFeePerGas: z.optional(Quantity),
  paymasterVerificationGasLimit: z.optional(z.nullable(Quantity)),
  paymasterPostOpGasLimit: z.optional(z.nullable(Quantity)),
});

const ParamsSchema = z.tuple([RpcUserOperationSchema, Address, Quantity], z.unknown());

/** What one paymaster request runs against: the caller's project and the chain's bundler configuration. */
export type PaymasterContext = {
  project: { id: string; name: string };
  caipNetworkId: string;
  chainId: number;
  bundler: BundlerConfig;
};

/** Dependencies of {@link paymasterRpc}. */
export type PaymasterDeps = {
  db: Db;
  /** The paymaster's signer (`AIRLOCK_PAYMASTER_SIGNER_KEY`); undefined = no sponsorship anywhere. */
  signer: LocalAccount | undefined;
  /** The chain's current gas price in wei. */
  gasPrice: (caipNetworkId: string) => Promise<bigint>;
  /** Clock in ms since the epoch. */
  now: () => number;
};

/** The operation with absent gas fields as 0 and the paymaster's gas limits defaulted. */
function readOperation(raw: z.infer<typeof RpcUserOperationSchema>): SponsoredUserOperation {
  const op = formatUserOperation({
    callGasLimit: '0x0',
    verificationGasLimit: '0x0',
    preVerificationGas: '0x0',
    maxFeePerGas: '0x0',
    maxPriorityFeePerGas: '0x0',
    signature: '0x',
    ...raw,
    factory: raw.factory ?? undefined,
    factoryData: raw.factoryData ?? undefined,
    paymasterVerificationGasLimit: raw.paymasterVerificationGasLimit ?? quantity(PAYMASTER_VERIFICATION_GAS),
    paymasterPostOpGasLimit: raw.paymasterPostOpGasLimit ?? quantity(PAYMASTER_POST_OP_GAS),
  } as RpcUserOperation<'0.7'>) as SponsoredUserOperation;
  return { ...op, sender: getAddress(op.sender) };
}

/**
 * Answers `pm_getPaymasterStubData` or `pm_getPaymasterData` (ERC-7677) for `ctx`.
 * @returns the ERC-7677 result: `{ paymaster, paymasterData, paymasterVerificationGasLimit, paymasterPostOpGasLimit,
 *   sponsor: { name }, isFinal: false }` for a stub, `{ paymaster, paymasterData }` for the final data
 * @throws PaymasterRpcError -32602 for bad params (wrong EntryPoint or chain id too), {@link SPONSORSHIP_REFUSED}
 *   with a {@link RefusalReason} when the policy does not cover the operation
 */
export async function paymasterRpc(
  deps: PaymasterDeps,
  ctx: PaymasterContext,
  method: 'pm_getPaymasterStubData' | 'pm_getPaymasterData',
  params: unknown,
): Promise<Record<string, unknown>> {
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success)
    throw new PaymasterRpcError(-32602, 'Invalid params: expected [userOperation, entryPoint, chainId, context]');
  const [raw, entryPoint, chainId] = parsed.data;
  if (entryPoint.toLowerCase() !== ctx.bundler.entryPoint.toLowerCase())
    throw new PaymasterRpcError(-32602, `Unsupported EntryPoint ${entryPoint}`);
  if (BigInt(chainId) !== BigInt(ctx.chainId)) throw new PaymasterRpcError(-32602, 'chainId does not match the route');
  const paymaster = ctx.bundler.paymaster as Hex | undefined;
  if (!paymaster || !deps.signer) throw new PaymasterRpcError(SPONSORSHIP_REFUSED, RefusalReason.Unavailable);
  const policy = await getSponsorshipPolicy(deps.db, ctx.project.id);
  if (!policy?.enabled) throw new PaymasterRpcError(SPONSORSHIP_REFUSED, RefusalReason.Off);
  const op = readOperation(raw);
  if (policy.allowedTargets) {
    const targets = callTargets(op.callData);
    if (!targets || targets.some((t) => !policy.allowedTargets!.includes(t)))
      throw new PaymasterRpcError(SPONSORSHIP_REFUSED, RefusalReason.Target);
  }
  const now = deps.now();
  const key: UsageKey = {
    projectId: policy.projectId,
    caipNetworkId: ctx.caipNetworkId,
    sender: op.sender,
    day: utcDay(now),
  };
  const validUntil = Math.floor(now / 1000) + SPONSORSHIP_VALIDITY_S;
  if (method === 'pm_getPaymasterStubData') {
    if ((await sponsoredGas(deps.db, key)) >= policy.dailyGasLimit)
      throw new PaymasterRpcError(SPONSORSHIP_REFUSED, RefusalReason.Limit);
    return {
      paymaster,
      paymasterData: encodePaymasterData(validUntil, 0, STUB_SIGNATURE),
      paymasterVerificationGasLimit: quantity(PAYMASTER_VERIFICATION_GAS),
      paymasterPostOpGasLimit: quantity(PAYMASTER_POST_OP_GAS),
      sponsor: { name: ctx.project.name },
      isFinal: false,
    };
  }
  // A signed operation can be submitted by anyone who holds it, with its fees as signed: the fee it may pay
  // per gas is bounded by the chain's price, so the daily limit in gas also bounds what it costs.
  const gasPrice = await deps.gasPrice(ctx.caipNetworkId);
  if (op.maxFeePerGas > gasPrice * MAX_FEE_FACTOR || op.maxPriorityFeePerGas > op.maxFeePerGas)
    throw new PaymasterRpcError(SPONSORSHIP_REFUSED, RefusalReason.Fee);
  if (!(await reserveSponsoredGas(deps.db, key, maxGas(op), policy.dailyGasLimit)))
    throw new PaymasterRpcError(SPONSORSHIP_REFUSED, RefusalReason.Limit);
  const paymasterData = await signPaymasterData(deps.signer, op, paymaster, ctx.chainId, validUntil, 0);
  return { paymaster, paymasterData };
}

import { ErrorCode } from '@airlock/protocol';
import { apiFailure } from '../api/client.ts';
import type { DetailField } from './details.ts';
import { allowanceLabel, allowanceWarnings, expiryLabel, type Allowance } from './allowance.ts';

/**
 * Typed data (EIP-712) checks and decoding for `eth_signTypedData_v4`: the domain's chain must be
 * the request's chain (issue 29 item 7), and the token permits people are tricked into
 * (EIP-2612 `Permit`, DAI's `Permit`, Uniswap Permit2 `PermitSingle` / `PermitBatch` /
 * `PermitTransferFrom` / `PermitBatchTransferFrom`) are shown as who may spend what until when,
 * with a warning for unlimited amounts and far expirations (item 9). Pure.
 */

/** Typed data as the request carries it (JSON), before viem checks the types. */
export type TypedDataRequest = {
  domain?: Record<string, unknown>;
  types?: Record<string, unknown>;
  primaryType?: string;
  message?: Record<string, unknown>;
};

const invalid = (message: string) => apiFailure(ErrorCode.InvalidParams, message);

/**
 * `domain.chainId` as a number (EIP-712 `uint256`: a JSON number, a decimal or 0x string), or
 * undefined when the domain has none.
 * @throws -32602 'Invalid typed data: domain.chainId' when it is not a non-negative safe integer.
 */
export function typedDataChainId(domain: Record<string, unknown> | undefined): number | undefined {
  const raw = domain?.chainId;
  if (raw === undefined || raw === null) return undefined;
  let id: bigint;
  try {
    if (typeof raw === 'number' && Number.isSafeInteger(raw)) id = BigInt(raw);
    else if (typeof raw === 'string' && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(raw)) id = BigInt(raw);
    else throw new Error();
  } catch {
    throw invalid('Invalid typed data: domain.chainId');
  }
  if (id < 0n || id > BigInt(Number.MAX_SAFE_INTEGER)) throw invalid('Invalid typed data: domain.chainId');
  return Number(id);
}

/**
 * Refuses typed data whose `domain.chainId` is not `chainId` (the request's network): a signature
 * for another chain is valid there (a Permit on mainnet) while the screen names this network.
 * MetaMask refuses the same. Typed data without a chain id passes (it is shown as "not bound to a chain").
 * @throws -32602 'Typed data for chain <a> cannot be signed on chain <b>'
 */
export function assertTypedDataChain(domain: Record<string, unknown> | undefined, chainId: number): void {
  const signed = typedDataChainId(domain);
  if (signed !== undefined && signed !== chainId)
    throw invalid(`Typed data for chain ${signed} cannot be signed on chain ${chainId}`);
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A uint field as a bigint, or undefined when missing or not an integer. */
function uint(value: unknown): bigint | undefined {
  try {
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
    if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value)) return BigInt(value);
    if (typeof value === 'bigint' && value >= 0n) return value;
  } catch {}
  return undefined;
}

const text = (value: unknown) => (typeof value === 'string' ? value : String(value ?? ''));

/** What a permit in typed data allows, decoded: the fields and the warnings of the approval. */
export type PermitDetails = { title: string; fields: DetailField[]; warnings: string[] };

/** The fields and warnings of one allowance (a token, an amount, an expiry). */
function allowanceFields(allowance: Allowance, index?: number): DetailField[] {
  const suffix = index === undefined ? '' : ` ${index + 1}`;
  return [
    { label: `Token${suffix}`, value: allowance.token },
    { label: `Amount${suffix}`, value: allowanceLabel(allowance.amount, allowance.bits) },
    ...(allowance.expiry !== undefined
      ? [{ label: `Allowance expires${suffix}`, value: expiryLabel(allowance.expiry) }]
      : []),
  ];
}

/**
 * Decodes the permits of typed data: EIP-2612 `Permit` (owner, spender, value, nonce, deadline;
 * the token is `domain.verifyingContract`), DAI's `Permit` (holder, spender, nonce, expiry,
 * allowed: all or nothing), Permit2 (`domain.name` 'Permit2') `PermitSingle` / `PermitBatch`
 * (allowances: token, uint160 amount, uint48 expiration each; spender; sigDeadline) and
 * `PermitTransferFrom` / `PermitBatchTransferFrom` (one-time transfers: token and amount each;
 * spender; deadline). Undefined for any other typed data. `now` is unix seconds.
 */
export function describePermit(typed: TypedDataRequest, now: number): PermitDetails | undefined {
  const message = record(typed.message);
  const domain = record(typed.domain);
  const permit2 = domain.name === 'Permit2';
  const deadlineField = (label: string, value: unknown): DetailField[] => {
    const deadline = uint(value);
    return deadline === undefined ? [] : [{ label, value: expiryLabel(deadline) }];
  };
  if (typed.primaryType === 'Permit' && !permit2) {
    const token = text(domain.verifyingContract) || 'unknown';
    if ('allowed' in message && 'holder' in message) {
      const all = message.allowed === true || message.allowed === 'true';
      const allowance: Allowance = {
        token,
        amount: all ? 2n ** 256n - 1n : 0n,
        bits: 256,
        expiry: uint(message.expiry),
      };
      return {
        title: 'Allow spending of your tokens',
        fields: [
          { label: 'Spender', value: text(message.spender) },
          { label: 'Token', value: token },
          { label: 'Amount', value: all ? 'Unlimited' : 'None (revokes)' },
          ...deadlineField('Allowance expires', message.expiry),
        ],
        warnings: all ? allowanceWarnings(allowance, now) : [],
      };
    }
    const amount = uint(message.value) ?? 0n;
    const allowance: Allowance = { token, amount, bits: 256, expiry: uint(message.deadline) };
    return {
      title: 'Allow spending of your tokens',
      fields: [
        { label: 'Spender', value: text(message.spender) },
        { label: 'Token', value: token },
        { label: 'Amount', value: allowanceLabel(amount, 256) },
        ...deadlineField('Signature valid until', message.deadline),
      ],
      warnings: allowanceWarnings(allowance, now),
    };
  }
  if (!permit2) return undefined;
  if (typed.primaryType === 'PermitSingle' || typed.primaryType === 'PermitBatch') {
    const list = typed.primaryType === 'PermitSingle' ? [message.details] : message.details;
    const allowances: Allowance[] = (Array.isArray(list) ? list : []).map((entry) => {
      const details = record(entry);
      return {
        token: text(details.token),
        amount: uint(details.amount) ?? 0n,
        bits: 160,
        expiry: uint(details.expiration),
      };
    });
    const indexed = allowances.length > 1;
    return {
      title: 'Allow spending of your tokens (Permit2)',
      fields: [
        { label: 'Spender', value: text(message.spender) },
        ...allowances.flatMap((allowance, i) => allowanceFields(allowance, indexed ? i : undefined)),
        ...deadlineField('Signature valid until', message.sigDeadline),
      ],
      warnings: [
        ...allowances.flatMap((allowance) => allowanceWarnings(allowance, now)),
        ...allowanceWarnings({ token: '', amount: 0n, bits: 256, expiry: uint(message.sigDeadline) }, now),
      ].filter((warning, i, all) => all.indexOf(warning) === i),
    };
  }
  if (typed.primaryType === 'PermitTransferFrom' || typed.primaryType === 'PermitBatchTransferFrom') {
    const list = typed.primaryType === 'PermitTransferFrom' ? [message.permitted] : message.permitted;
    const transfers: Allowance[] = (Array.isArray(list) ? list : []).map((entry) => ({
      token: text(record(entry).token),
      amount: uint(record(entry).amount) ?? 0n,
      bits: 256,
      expiry: undefined,
    }));
    const indexed = transfers.length > 1;
    return {
      title: 'Allow a transfer of your tokens (Permit2)',
      fields: [
        { label: 'Spender', value: text(message.spender) },
        ...transfers.flatMap((transfer, i) => allowanceFields(transfer, indexed ? i : undefined)),
        ...deadlineField('Signature valid until', message.deadline),
      ],
      warnings: [
        ...transfers.flatMap((transfer) => allowanceWarnings(transfer, now)),
        ...allowanceWarnings({ token: '', amount: 0n, bits: 256, expiry: uint(message.deadline) }, now),
      ].filter((warning, i, all) => all.indexOf(warning) === i),
    };
  }
  return undefined;
}

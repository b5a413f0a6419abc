import { decodeFunctionData, formatUnits, parseAbi, type Hex } from 'viem';
import type { ApprovalDetails, TokenInfo } from './details.ts';
import { allowanceLabel, allowanceWarnings, expiryLabel } from './allowance.ts';

/**
 * Calls that grant an allowance, decoded for the approval screen (issue 29 item 9): ERC-20
 * `approve` and `increaseAllowance` (OpenZeppelin), ERC-721 / ERC-1155 `setApprovalForAll`
 * and Uniswap Permit2's `approve(token, spender, uint160, uint48)`. Each shows the spender,
 * the amount or "all your tokens of this collection", and warns on unlimited amounts, far
 * expirations and approval for all. Pure; decoding with viem and these small ABIs.
 */
const APPROVAL_ABI = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function increaseAllowance(address spender, uint256 addedValue) returns (bool)',
  'function setApprovalForAll(address operator, bool approved)',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
]);

/** Warning of `setApprovalForAll(operator, true)`. */
export const APPROVAL_FOR_ALL_WARNING =
  'Approval for all: the operator may move every token of this collection you hold, now and later.';

/**
 * The approval details of a call that grants an allowance, or undefined for any other call data.
 * `to` is the called contract; `token` the ERC-20 facts read from it (amounts in its units when
 * known); `now` unix seconds (for the expiry warning).
 */
export function describeApprovalCall(
  to: string,
  data: string,
  token: TokenInfo,
  now: number,
): ApprovalDetails | undefined {
  let call: ReturnType<typeof decodeFunctionData<typeof APPROVAL_ABI>>;
  try {
    call = decodeFunctionData({ abi: APPROVAL_ABI, data: data as Hex });
  } catch {
    return undefined;
  }
  const units = (raw: bigint) =>
    token ? `${formatUnits(raw, token.decimals)} ${token.symbol}` : `${raw} (token units)`;
  if (call.functionName === 'setApprovalForAll') {
    const [operator, approved] = call.args;
    return {
      title: approved ? 'Allow access to all your tokens of a collection' : 'Revoke access to a collection',
      fields: [
        { label: 'Operator', value: operator },
        { label: 'Approved for all', value: approved ? 'Yes' : 'No (revokes)' },
        { label: 'Collection contract', value: to },
      ],
      warning: approved ? APPROVAL_FOR_ALL_WARNING : undefined,
    };
  }
  if (call.args.length === 4) {
    const [tokenAddress, spender, amount, expiration] = call.args;
    const warnings = allowanceWarnings({ token: tokenAddress, amount, bits: 160, expiry: BigInt(expiration) }, now);
    return {
      title: 'Allow spending of your tokens (Permit2)',
      fields: [
        { label: 'Spender', value: spender },
        { label: 'Token', value: tokenAddress },
        { label: 'Allowance', value: allowanceLabel(amount, 160) },
        { label: 'Allowance expires', value: expiryLabel(BigInt(expiration)) },
        { label: 'Permit2 contract', value: to },
      ],
      warning: warnings.length ? warnings.join(' ') : undefined,
    };
  }
  const [spender, amount] = call.args;
  const increase = call.functionName === 'increaseAllowance';
  const warnings = allowanceWarnings({ token: to, amount, bits: 256, expiry: undefined }, now);
  return {
    title: increase ? 'Increase the spending of your tokens' : 'Allow spending of your tokens',
    fields: [
      { label: 'Spender', value: spender },
      { label: increase ? 'Added allowance' : 'Allowance', value: allowanceLabel(amount, 256, units) },
      { label: 'Token contract', value: to },
    ],
    warning: warnings.length ? warnings.join(' ') : undefined,
  };
}

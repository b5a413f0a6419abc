import { isNativeToken } from '../../actions/swapApi.ts';
import { connectionOf } from '../../store/connection.ts';
import type { FrameState, SwapToken } from '../../store/state.ts';

/**
 * The USD value of `amount` whole `token`s at the price the portfolio API gives for it on the
 * active network (spec §3 token balance `price`, USD per whole token), or null when the account
 * does not hold the token (no price known), the amount is not a positive decimal or the price is 0.
 */
export function swapUsdValue(state: FrameState, token: SwapToken | undefined, amount: string): number | null {
  if (!token || !/^\d*\.?\d+$/.test(amount.trim())) return null;
  const native = isNativeToken(token.address);
  const held = state.portfolio.tokens.find(
    (t) =>
      t.chainId === connectionOf(state).caipNetworkId &&
      (native ? !t.address : t.address?.toLowerCase() === token.address.toLowerCase()),
  );
  const value = Number(amount) * (held?.price ?? 0);
  return value > 0 && Number.isFinite(value) ? value : null;
}

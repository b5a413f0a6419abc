import type { Frame } from '../store/frame.ts';
import type { AccountTab } from '../store/state.ts';

/** Shows tab `tab` of the Account view's portfolio (Tokens, NFTs, Activity; spec §2). */
export function selectAccountTab(frame: Frame, tab: AccountTab): void {
  frame.store.setState((s) => ({ portfolio: { ...s.portfolio, tab } }));
}

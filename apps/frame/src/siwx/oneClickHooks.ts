import type { OneClickSignIn } from '../connectors/walletconnect/authenticate.ts';
import type { Frame } from '../store/frame.ts';

/**
 * The one-click sign-in hooks a WalletConnect connect gets when the dapp turned sign-in on
 * (undefined otherwise). Tiny on purpose: the work (`oneClick.ts`, the verifier, the message
 * parser) loads with `import()` when a pairing starts, never in the frame's initial JS.
 */
export function oneClickSignIn(frame: Frame): OneClickSignIn | undefined {
  if (!frame.config.siwx) return undefined;
  const load = () => import('./oneClick.ts');
  return {
    request: () => load().then((m) => m.oneClickRequest(frame)),
    complete: (answer) => load().then((m) => m.completeOneClick(frame, answer)),
  };
}

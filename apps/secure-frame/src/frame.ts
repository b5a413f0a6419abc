import { createStore } from 'zustand/vanilla';
import { ErrorCode, type EmbeddedParentMethods, type EmbeddedUser, type SocialProvider } from '@airlock/protocol';
import { apiFailure, type ApiClient } from './api/client.ts';
import { createApprovalQueue, type PendingApproval } from './approval/queue.ts';
import { INVALID_APP_CONFIGURATION, type VerifiedDapp } from './config/dapp.ts';
import type { SecureFrameDeployment } from './config/deployment.ts';
import type { Device } from './keys/device.ts';
import type { KeyValueStore } from './keys/store.ts';
import type { EmbeddedRpc } from './rpc/handler.ts';
import { createWalletSession } from './wallet/session.ts';
import { createFarcasterLogin } from './farcaster/login.ts';
import { createSocialLogin } from './social/login.ts';
import { createSocialSlot, type PasskeySlotMode } from './social/slot.ts';
import { createPasskeys } from './passkey/flow.ts';
import { createSmartAccounts } from './wallet/smartAccounts.ts';

/** UI state of the secure frame: theme and the verified dapp. */
export type SecureFrameUi = {
  themeMode: 'light' | 'dark';
  themeVariables: Record<string, string | number>;
  dapp: VerifiedDapp | null;
  /** The social provider buttons shown in the widget's Connect view (social/slot.ts), empty when none. */
  socials: SocialProvider[];
  /** The passkey buttons (Connect) or manager (Account) in the same slot, or null. */
  passkey: PasskeySlotMode | null;
};

/** What a secure frame instance is made of. */
export type SecureFrameDeps = {
  deployment: SecureFrameDeployment;
  api: ApiClient;
  device: Device;
  store: KeyValueStore;
  /** The widget frame's methods once connected (penpal remote), else undefined. */
  parent: () => EmbeddedParentMethods | undefined;
  /** `location.ancestorOrigins` as a list, or undefined where the browser has none. */
  ancestors: readonly string[] | undefined;
  /** Approval timeout in ms (tests shorten it). */
  approvalTimeoutMs?: number;
  /** False when `store` lives in memory only (storage blocked): a social redirect login cannot survive the page leaving. */
  persistent?: boolean;
};

/** Default height (CSS px) asked of the widget frame for an approval before the screen measured itself. */
const DEFAULT_APPROVAL_HEIGHT = 440;

/**
 * One secure frame instance: the verified dapp, the wallet session (keys in memory),
 * the approval queue and the RPC handler. All mutable state lives here.
 */
export function createSecureFrame(deps: SecureFrameDeps) {
  const ui = createStore<SecureFrameUi>(() => ({
    themeMode: 'light',
    themeVariables: {},
    dapp: null,
    socials: [],
    passkey: null,
  }));
  let measuredHeight = DEFAULT_APPROVAL_HEIGHT;
  const layout = (pending: PendingApproval[]) => {
    const first = pending[0];
    void deps
      .parent()
      ?.setLayout(first ? { visible: true, height: measuredHeight, requestId: first.id } : { visible: false })
      .catch(() => {});
  };
  const approvals = createApprovalQueue(layout, deps.approvalTimeoutMs, deps.deployment.networkNames);
  const dapp = () => {
    const verified = ui.getState().dapp;
    if (!verified) throw apiFailure(ErrorCode.Disconnected, INVALID_APP_CONFIGURATION);
    return verified;
  };
  let keys: () => ReturnType<ReturnType<typeof createWalletSession>['keys']> = () => undefined;
  const smart = createSmartAccounts({
    deployment: deps.deployment,
    store: deps.store,
    keys: () => keys(),
    projectId: () => dapp().projectId,
  });
  const session = createWalletSession({
    api: deps.api,
    device: deps.device,
    store: deps.store,
    smart,
    dapp,
    onUser: (user: EmbeddedUser | null) => {
      if (!user) approvals.clear();
      void deps
        .parent()
        ?.sessionUpdate({ user })
        .catch(() => {});
    },
  });
  keys = session.keys;
  const farcaster = createFarcasterLogin({ api: deps.api, dapp, finishLogin: session.finishLogin });
  const social = createSocialLogin({
    api: deps.api,
    dapp,
    finish: session.finishSocial,
    apiUrl: deps.deployment.apiUrl,
    persistent: () => deps.persistent !== false,
    started: (provider) =>
      void deps
        .parent()
        ?.socialStarted({ provider })
        .catch(() => {}),
  });
  const socials = createSocialSlot({
    api: deps.api,
    parent: deps.parent,
    render: (providers, passkey) => ui.setState({ socials: providers, passkey }),
  });
  const passkeys = createPasskeys({
    api: deps.api,
    dapp,
    finishLogin: session.finishLogin,
    started: (popup) =>
      void deps
        .parent()
        ?.passkeyStarted({ popup })
        .catch(() => {}),
  });
  // The RPC code (viem clients, request descriptions) is loaded on the first request.
  let handler: Promise<(request: EmbeddedRpc) => Promise<unknown>> | undefined;
  const rpc = async (request: EmbeddedRpc): Promise<unknown> => {
    handler ??= Promise.all([import('./rpc/handler.ts'), import('./rpc/nativePrice.ts')]).then(
      ([{ createRpcHandler }, { createNativePriceReader }]) =>
        createRpcHandler({
          keys: session.keys,
          dappOrigin: () => dapp().dappOrigin,
          approvals,
          trustedRpcUrls: deps.deployment.rpcUrls,
          trustedNativeCurrencies: deps.deployment.nativeCurrencies,
          priceOf: createNativePriceReader(deps.api),
          smart,
          accountChanged: () => session.refreshAccount(),
        }),
    );
    return (await handler)(request);
  };
  return {
    deps,
    ui,
    approvals,
    session,
    /** The visitor's eip155 account per network: EOA or smart account (wallet/smartAccounts.ts). */
    smart,
    /** Sign In With Farcaster (GET_FARCASTER_URI, CONNECT_FARCASTER). */
    farcaster,
    social,
    socials,
    /** Passkey login, sign-up and manager (passkey/flow.ts). */
    passkeys,
    rpc,
    dapp,
    /** The approval screen's measured height (CSS px, clamped to 120–720); re-sent while an approval shows. */
    setMeasuredHeight: (height: number) => {
      // Nothing rendered (no approval): keep the last real measure.
      if (height < 1) return;
      const clamped = Math.max(120, Math.min(720, Math.ceil(height)));
      if (clamped === measuredHeight) return;
      measuredHeight = clamped;
      const pending = approvals.store.getState().pending;
      if (pending.length) layout(pending);
    },
  };
}

/** A secure frame instance. */
export type SecureFrame = ReturnType<typeof createSecureFrame>;

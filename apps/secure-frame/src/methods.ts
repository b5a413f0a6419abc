import { ok, secureFrameMethods, serveMethods, type Result, type SecureFrameMethods } from '@airlock/protocol';
import { verifyDapp } from './config/dapp.ts';
import { focusSlotEdge } from './social/focus.ts';
import type { SecureFrame } from './frame.ts';

type Params<K extends keyof typeof secureFrameMethods> = (typeof secureFrameMethods)[K]['params']['_zod']['output'];
type Value<K extends keyof SecureFrameMethods> =
  Awaited<ReturnType<SecureFrameMethods[K]>> extends Result<infer V> ? V : never;
type Handlers = { [K in keyof SecureFrameMethods]: (frame: SecureFrame, ...args: Params<K>) => Promise<Value<K>> };

const handlers: Handlers = {
  connectEmail: (frame, { email }) => frame.session.connectEmail(email),
  connectDevice: (frame) => frame.session.connectDevice(),
  connectOtp: (frame, { otp }) => frame.session.connectOtp(otp),
  getUser: async (frame, { caipNetworkId, preferredAccountType }) => {
    frame.dapp();
    return frame.session.getUser(caipNetworkId, preferredAccountType);
  },
  isConnected: async (frame) => ({ isConnected: await frame.session.isConnected() }),
  getChainId: async (frame) => {
    frame.session.user();
    return { caipNetworkId: frame.session.networks().active as never };
  },
  switchNetwork: async (frame, network) => ({
    caipNetworkId: (await frame.session.switchNetwork(network.caipNetworkId)) as never,
  }),
  rpcRequest: async (frame, request) => {
    frame.dapp();
    return frame.rpc(request);
  },
  rpcAbort: async (frame, { id }) => {
    frame.approvals.abort(id);
    return null;
  },
  updateEmail: (frame, { email }) => frame.session.updateEmail(email),
  updateEmailPrimaryOtp: (frame, { otp }) => frame.session.updateEmailPrimaryOtp(otp),
  updateEmailSecondaryOtp: (frame, { otp }) => frame.session.updateEmailSecondaryOtp(otp),
  signOut: async (frame) => {
    await frame.session.signOut();
    return null;
  },
  syncTheme: async (frame, theme) => {
    frame.ui.setState({
      themeMode: theme.themeMode,
      themeVariables: (theme.themeVariables ?? {}) as Record<string, string | number>,
    });
    return null;
  },
  syncDappData: async (frame, data) => {
    frame.ui.setState({ dapp: null });
    const dapp = await verifyDapp(data, {
      api: frame.deps.api,
      widgetOrigin: frame.deps.deployment.widgetOrigin,
      ancestors: frame.deps.ancestors,
    });
    frame.ui.setState({ dapp });
    return null;
  },
  getFarcasterUri: (frame) => frame.farcaster.getUri(),
  connectFarcaster: (frame) => frame.farcaster.connect(),
  cancelFarcaster: async (frame) => {
    frame.farcaster.cancel();
    return null;
  },
  showSocials: async (frame, { providers, redirect, passkey }) => {
    if (providers.length || passkey === 'login') frame.dapp();
    // The manager lists the signed-in account's passkeys.
    if (passkey === 'manage') {
      frame.session.user();
      void frame.passkeys.refresh();
    }
    frame.social.setRedirect(redirect ?? null);
    return frame.socials.show(providers, passkey ?? null);
  },
  // Focus only (social/focus.ts): the buttons still act only on the visitor's own Enter, Space or click.
  focusSlot: async (_frame, { edge }) => ({ focused: focusSlotEdge(edge) }),
  connectPasskey: (frame) => frame.passkeys.connect(),
  getSocialRedirectUri: (frame, { provider }) => frame.social.redirectUri(provider),
  // The login ends on the wallet's own network; the caller's network and account type then apply as GET_USER's.
  connectSocial: async (frame, { caipNetworkId, preferredAccountType, ...request }) => {
    const user = await frame.social.connect(request);
    if (!caipNetworkId && !preferredAccountType) return user;
    return frame.session.getUser(caipNetworkId ?? user.caipNetworkId, preferredAccountType);
  },
  abortSocial: async (frame) => {
    frame.social.abort();
    frame.passkeys.abort();
    return null;
  },
  getSmartAccountEnabledNetworks: async (frame) => ({
    smartAccountEnabledNetworks: frame.smart.enabledNetworks() as never,
  }),
  initSmartAccount: async (frame, { caipNetworkId }) => {
    frame.session.user();
    const view = await frame.smart.view(caipNetworkId);
    return { address: view.address, type: view.type, isDeployed: view.deployed };
  },
  setPreferredAccountType: (frame, { caipNetworkId, type }) =>
    frame.session.setPreferredAccountType(caipNetworkId, type),
  reload: async (frame) => {
    frame.approvals.clear();
    setTimeout(() => location.reload(), 0);
    return null;
  },
};

/**
 * The methods the secure frame exposes to the widget frame (penpal), one per entry
 * of the protocol's `secureFrameMethods`, served with the protocol's `serveMethods`: parameters validated on arrival (malformed
 * → -32602, nothing changes), anything thrown becomes a failed Result (its `code`
 * and message kept). Nothing throws across penpal.
 */
export function createSecureFrameMethods(frame: SecureFrame): SecureFrameMethods {
  const call = handlers as unknown as Record<string, (frame: SecureFrame, ...args: unknown[]) => Promise<unknown>>;
  return serveMethods(secureFrameMethods, Object.keys(handlers) as (keyof Handlers)[], async (name, args) =>
    ok(await call[name]!(frame, ...args)),
  ) as unknown as SecureFrameMethods;
}

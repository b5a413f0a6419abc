import type { ConnectorContext, ConnectorFamily } from '../context.ts';
import { defineConnector } from '../define.ts';
import type { ConnectorEvents } from '../types.ts';
import type { EmbeddedConnector } from './connector.ts';
import { EMBEDDED_CONNECTOR_ID, EMBEDDED_CONNECTOR_NAME, EMBEDDED_NAMESPACES } from './id.ts';
import { EMAIL_WALLET_ICON } from './icon.ts';

/** The embedded (email) wallet kind: one connector per frame, or none without a secure frame. */
export type EmbeddedFamily = ConnectorFamily & {
  /** The frame's embedded connector, null when the deployment has no secure frame. */
  readonly connector: EmbeddedConnector | null;
};

/**
 * The embedded connector as the core holds it from the start: its methods make the
 * implementation (the connector, its channel and the approval wiring: `load`, given by the
 * composition root, app/embedded.ts) the first time they run — when the visitor starts an email
 * login or the silent reconnect finds a remembered embedded connector. Nothing of it is in the
 * initial JS. The email, social and Farcaster calls go to the implementation as they are.
 */
export function embeddedConnector(load: () => Promise<EmbeddedConnector>): EmbeddedConnector {
  const base = defineConnector({
    id: EMBEDDED_CONNECTOR_ID,
    name: EMBEDDED_CONNECTOR_NAME,
    icon: EMAIL_WALLET_ICON,
    type: 'AUTH',
    ref: { type: 'embedded' },
    // The embedded wallet has an account on each (spec §2: switching there needs no other wallet).
    namespaces: EMBEDDED_NAMESPACES,
    load,
  });
  const { run, loaded } = base;
  return {
    ...base,
    reload: () => run((c) => c.reload()),
    destroy: () => loaded()?.destroy(),
    element: () => loaded()?.element() ?? null,
    connectEmail: (email) => run((c) => c.connectEmail(email)),
    showSocials: (providers, passkey) => run((c) => c.showSocials(providers, passkey)),
    focusSlot: (edge) => run((c) => c.focusSlot(edge)),
    connectPasskey: (caipNetworkId) => run((c) => c.connectPasskey(caipNetworkId)),
    connectSocial: (request, caipNetworkId) => run((c) => c.connectSocial(request, caipNetworkId)),
    abortSocial: () => loaded()?.abortSocial(),
    connectOtp: (otp, caipNetworkId) => run((c) => c.connectOtp(otp, caipNetworkId)),
    connectDevice: (caipNetworkId) => run((c) => c.connectDevice(caipNetworkId)),
    getFarcasterUri: () => run((c) => c.getFarcasterUri()),
    connectFarcaster: (caipNetworkId) => run((c) => c.connectFarcaster(caipNetworkId)),
    cancelFarcaster: () => loaded()?.cancelFarcaster(),
    updateEmail: (email) => run((c) => c.updateEmail(email)),
    updateEmailPrimaryOtp: (otp) => run((c) => c.updateEmailPrimaryOtp(otp)),
    updateEmailSecondaryOtp: (otp) => run((c) => c.updateEmailSecondaryOtp(otp)),
    getSmartAccountEnabledNetworks: () => run((c) => c.getSmartAccountEnabledNetworks()),
    setPreferredAccountType: (caipNetworkId, type) => run((c) => c.setPreferredAccountType(caipNetworkId, type)),
    abort: (requestId) => loaded()?.abort(requestId),
    isPending: (requestId) => loaded()?.isPending(requestId) ?? false,
  };
}

/**
 * The embedded kind of a frame. `load(events)` makes the implementation wired to the frame
 * (app/embedded.ts); null = the deployment has no secure frame, so there is no connector.
 */
export function embeddedFamily(
  context: ConnectorContext,
  load: ((events: ConnectorEvents) => Promise<EmbeddedConnector>) | null,
): EmbeddedFamily {
  const connector: EmbeddedConnector | null = load
    ? embeddedConnector(() => load(context.events(() => connector as EmbeddedConnector)))
    : null;
  return {
    type: 'embedded',
    connector,
    list: () => (connector ? [connector] : []),
    find: async (ref) => (ref.type === 'embedded' ? connector : null),
  };
}

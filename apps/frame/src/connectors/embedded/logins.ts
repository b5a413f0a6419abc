import {
  cancelled,
  type CaipNetworkId,
  type EmbeddedUser,
  type FrameConfig,
  type Result,
  type secureFrameMethods,
  type SocialProvider,
  type SyncDappDataSchema,
} from '@airlock/protocol';
import type { z } from 'zod/mini';
import type { ConnectorSession } from '../types.ts';
import type { ChannelCall } from './channel.ts';

/**
 * The embedded connector's social, passkey and Farcaster logins and its socials slot (the
 * buttons C shows in Connect, the keyboard focus entering them), apart from the session calls
 * of connector.ts (connect, restore, requests, network, email): each a call to the secure frame
 * that, for a login, ends in the signed-in session on the widget's network.
 */

/** The login calls of the embedded connector (connector.ts `EmbeddedConnector`), made here. */
export type LoginCalls = {
  /** GET_FARCASTER_URI: opens a Sign In With Farcaster channel; its URL for the QR code and link. */
  getFarcasterUri(): Promise<Result<Value<'getFarcasterUri'>>>;
  /** CONNECT_FARCASTER: waits (120 s) for the approval in the Farcaster app; the signed-in session (on `caipNetworkId` when given). */
  connectFarcaster(caipNetworkId?: CaipNetworkId): Promise<Result<ConnectorSession>>;
  /** Ends the running Farcaster sign-in in the secure frame (the view was left). */
  cancelFarcaster(): void;
  /**
   * Asks C to show these providers' buttons in Connect's socials slot (empty: hide them); answers
   * those shown. With `FrameConfig.socialLogin.mode: 'redirect'` it tells C to send the page to
   * the provider instead of a popup, back to `socialLogin.returnUrl` (default the dapp origin's `/`).
   */
  showSocials(providers: SocialProvider[], passkey?: 'login' | 'manage'): Promise<Result<Value<'showSocials'>>>;
  /**
   * Keyboard focus enters C's socials slot: C focuses its first or last button (focus only).
   * `focused: false` when C shows none. Leaving the slot again is told as a `SLOT_FOCUS_LEAVE` (id.ts)
   * event on the iframe element.
   */
  focusSlot(edge: 'first' | 'last'): Promise<Result<Value<'focusSlot'>>>;
  /** Waits for the passkey login C's click started (docs/embedded-wallet.md "Passkeys"); the session. */
  connectPasskey(caipNetworkId?: CaipNetworkId): Promise<Result<ConnectorSession>>;
  /**
   * CONNECT_SOCIAL: a provider waits (120 s) for the login started in C (popup or redirect);
   * `{ uri }` finishes a redirect login from the page's `result_uri` (C checks it is its API's
   * result URL). The signed-in session (on `caipNetworkId` when given, which C is asked to answer on).
   */
  connectSocial(
    request: SocialProvider | { uri: string },
    caipNetworkId?: CaipNetworkId,
  ): Promise<Result<ConnectorSession>>;
  /** Cancels the running social login (C closes its popup). */
  abortSocial(): void;
};

/** What the login calls share with the connector (connector.ts). */
export type LoginContext = {
  /** A call to the secure frame (the channel's, with its timeout). */
  call: ChannelCall;
  config: FrameConfig;
  hooks: { dappData(): z.infer<typeof SyncDappDataSchema> };
  /** A fresh login's user on the widget's network `caipNetworkId` (GET_USER when C started it on another). */
  onNetwork(result: Result<EmbeddedUser>, caipNetworkId: CaipNetworkId | undefined): Promise<Result<EmbeddedUser>>;
  /** The session of a freshly signed-in user, kept as the connector's user. */
  signedIn(result: Result<EmbeddedUser>): Result<ConnectorSession>;
  /** The connector's attempts: `next()` starts one (its id), `current()` the latest, `stop()` ends the running one. */
  attempts: { next(): number; current(): number; stop(): void };
};

type Value<K extends keyof typeof secureFrameMethods> = z.infer<(typeof secureFrameMethods)[K]['result']>;

/** The login calls over `context` (see the file comment). */
export function loginCalls(context: LoginContext): LoginCalls {
  const { call, config, hooks, attempts } = context;
  /** Runs a login that ends in a user: aborted when a newer attempt or a cancel came meanwhile. */
  const login = async (
    answer: Promise<Result<EmbeddedUser>>,
    caipNetworkId: CaipNetworkId | undefined,
  ): Promise<Result<ConnectorSession>> => {
    const id = attempts.next();
    const result = await context.onNetwork(await answer, caipNetworkId);
    if (id !== attempts.current()) return cancelled('aborted');
    return context.signedIn(result);
  };
  return {
    showSocials: (providers, passkey) =>
      call('showSocials', [
        {
          providers,
          ...(passkey ? { passkey } : {}),
          ...(config.socialLogin?.mode === 'redirect'
            ? { redirect: { returnUrl: config.socialLogin.returnUrl ?? `${hooks.dappData().dappOrigin}/` } }
            : {}),
        },
      ]),
    focusSlot: (edge) => call('focusSlot', [{ edge }]),
    connectPasskey: (caipNetworkId) => login(call('connectPasskey', []), caipNetworkId),
    // The widget's network goes with the call: C answers the user on it (no second GET_USER).
    connectSocial: (request, caipNetworkId) =>
      login(
        call('connectSocial', [
          {
            ...(typeof request === 'string' ? { provider: request } : request),
            ...(caipNetworkId ? { caipNetworkId } : {}),
          },
        ]),
        caipNetworkId,
      ),
    abortSocial() {
      attempts.stop();
      void call('abortSocial', []);
    },
    getFarcasterUri: () => call('getFarcasterUri', []),
    cancelFarcaster() {
      attempts.stop();
      void call('cancelFarcaster', []);
    },
    connectFarcaster: (caipNetworkId) => login(call('connectFarcaster', []), caipNetworkId),
  };
}

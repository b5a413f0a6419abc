import { smartAccountCalls, type SmartAccountCalls } from './smartAccount.ts';
import {
  cancelled,
  EMBEDDED_TIMEOUTS_MS,
  EmbeddedRpcRequestSchema,
  ErrorCode,
  err,
  eip155ChainId,
  ok,
  type CaipNetworkId,
  type ChainNamespace,
  type EmbeddedUser,
  type FrameConfig,
  type Result,
  type RpcRequest,
  type SecureFrameMethods,
} from '@airlock/protocol';
import type { z } from 'zod/mini';
import type { secureFrameMethods, SocialProvider, SyncDappDataSchema, SyncThemeSchema } from '@airlock/protocol';
import type { ApprovalLayout, SecureFrameStatus } from '../../store/state.ts';
import type { Connector, ConnectorEvents, ConnectorSession } from '../types.ts';
import { createSecureFrameChannel } from './channel.ts';
import type { SecureFrameLink } from './link.ts';
import { createEmbeddedParentMethods } from './parentMethods.ts';
import { accountIn, sessionOfUser } from './session.ts';
import { embeddedRouteOf } from '../../namespaces/embedded.ts';
import { EMAIL_WALLET_ICON } from './icon.ts';
import { EMBEDDED_CONNECTOR_ID, EMBEDDED_CONNECTOR_NAME, EMBEDDED_NAMESPACES, SLOT_FOCUS_LEAVE } from './id.ts';
import { NO_AUTH_CONNECTOR, REQUEST_ABORTED } from './text.ts';
import { loginCalls, type LoginCalls } from './logins.ts';

/**
 * The embedded-wallet connector (spec §3 Connector type AUTH): the keys live in the
 * secure frame (origin C); this connector talks to it through the channel, turns its
 * user into a connector session, and routes the dapp's wallet requests to its
 * `rpcRequest`. It never imports actions: the core hears from it through
 * {@link ConnectorEvents} and {@link EmbeddedHooks}.
 */

type Value<K extends keyof typeof secureFrameMethods> = z.infer<(typeof secureFrameMethods)[K]['result']>;

/** What the core learns from the embedded connector beyond the wallet events. */
export type EmbeddedHooks = {
  /** The secure frame's lifecycle moved (store `embedded.status`). */
  onStatus(status: SecureFrameStatus): void;
  /** The secure frame reported its user (a result or SESSION_UPDATE), or null after sign-out / expiry. */
  onUser(user: EmbeddedUser | null): void;
  /** The secure frame asked to show its approval at this layout, or to hide it (null). */
  onLayout(layout: ApprovalLayout | null): void;
  /** The secure frame asked to show its social buttons at this height in Connect's socials slot, or to hide them (null). */
  onSocialsLayout(layout: { height: number } | null): void;
  /** A click in the secure frame opened the social popup for `provider` (show ConnectingSocial, then connectSocial). */
  onSocialStarted(provider: SocialProvider): void;
  /** A click in the secure frame started a passkey login (`popup`: in C's window); show the wait, then connectPasskey. */
  onPasskeyStarted?(popup: boolean): void;
  /** An unsafe request (spec §6) of RPC `method` was sent and waits for the visitor's approval in C: show ApproveTransaction. */
  onApprovalStart(requestId: string, method: string): void;
  /** That request settled (approved, rejected, aborted or timed out). */
  onApprovalEnd(requestId: string): void;
  /**
   * A network switch starts (spec §2: with the auth connector, switching shows
   * SwitchNetwork). Returns the function to call when it ended, with its outcome.
   */
  onSwitch(caipNetworkId: CaipNetworkId): (ok: boolean) => void;
  /** The visitor disconnected (SIGN_OUT sent, answered or not within 3 s): forget the cached login data. */
  onSignedOut(): void;
  /** The verified dapp data to sync after each load (spec §3 'Dapp data'). */
  dappData(): z.infer<typeof SyncDappDataSchema>;
  /** The theme to sync after each load and on each change (spec §3 'Theme sync'). */
  theme(): z.infer<typeof SyncThemeSchema>;
  /** Calls `onChange` whenever {@link theme} changes; returns the function that stops. Optional (tests). */
  watchTheme?(onChange: () => void): () => void;
};

/** The embedded connector: the {@link Connector} plus the email login and update calls, the login calls and the smart account calls. */
export type EmbeddedConnector = Connector &
  LoginCalls &
  SmartAccountCalls & {
    /** Try again after a failure (spec §8, RELOAD): a fresh secure frame, waited for until initialized. */
    reload(): Promise<Result<null>>;
    /** Closes the channel and removes the secure frame's iframe. */
    destroy(): void;
    /** The secure frame's iframe, null before it loaded (the ApproveTransaction view places it). */
    element(): HTMLIFrameElement | null;
    /** CONNECT_EMAIL: mails a code or a device link; answers the next step. */
    connectEmail(email: string): Promise<Result<Value<'connectEmail'>>>;
    /** CONNECT_OTP: the mailed code; on success the signed-in session, on `caipNetworkId` when given (GET_USER). */
    connectOtp(otp: string, caipNetworkId?: CaipNetworkId): Promise<Result<ConnectorSession>>;
    /** CONNECT_DEVICE: waits for the device approval, then the signed-in session (on `caipNetworkId` when given). */
    connectDevice(caipNetworkId?: CaipNetworkId): Promise<Result<ConnectorSession>>;
    /** UPDATE_EMAIL: starts changing the email. */
    updateEmail(email: string): Promise<Result<Value<'updateEmail'>>>;
    /** UPDATE_EMAIL primary OTP (the code sent to the current address). */
    updateEmailPrimaryOtp(otp: string): Promise<Result<Value<'updateEmailPrimaryOtp'>>>;
    /** UPDATE_EMAIL secondary OTP (the code sent to the new address): the stored email. */
    updateEmailSecondaryOtp(otp: string): Promise<Result<Value<'updateEmailSecondaryOtp'>>>;
    /** RPC_ABORT: the pending request `requestId` answers 4001 'Request was aborted' at once; C hides its approval. */
    abort(requestId: string): void;
    /** True while request `requestId` waits for C. */
    isPending(requestId: string): boolean;
  };

/** What {@link createEmbeddedConnector} needs. */
export type EmbeddedConnectorOptions = {
  /** The link to C (the iframe link, or a test double's). */
  link: SecureFrameLink;
  /** The dapp's configuration (networks and their RPC URLs). */
  config: FrameConfig;
  /** The wallet events for the core. */
  events: ConnectorEvents;
  /** The embedded-specific reports for the core. */
  hooks: EmbeddedHooks;
  /** Overrides of spec §9 limits (tests): load, post-ready. */
  timeouts?: { loadTimeoutMs?: number; postReadyMs?: number };
};

/** A random id for RPC_REQUEST (spec §4 'Each app-to-frame request has a random id'). */
function randomId(): string {
  return crypto.randomUUID();
}

/**
 * The user's account on `chainNamespace` as that namespace keeps it (eip155 EIP-55, solana
 * base58); null when the user has none there (or it is malformed).
 */
export function accountOf(user: EmbeddedUser, chainNamespace: string): string | null {
  return accountIn(user, chainNamespace)?.address ?? null;
}

/** The user's account on the embedded wallet's first namespace (eip155), the one its events follow. */
const primaryAddressOf = (user: EmbeddedUser) => accountOf(user, EMBEDDED_NAMESPACES[0]);

/** Creates the embedded connector (id `embedded`). Nothing loads until the first call. */
export function createEmbeddedConnector(options: EmbeddedConnectorOptions): EmbeddedConnector {
  const { link, config, events, hooks } = options;
  const pending = new Map<string, (result: Result<unknown>) => void>();
  let attempt = 0;
  let user: EmbeddedUser | null = null;

  const setUser = (next: EmbeddedUser | null) => {
    const before = user;
    user = next;
    hooks.onUser(next);
    if (!before) return;
    if (!next) return events.onDisconnect();
    const address = primaryAddressOf(next);
    if (address && address !== primaryAddressOf(before)) events.onAccountsChanged([address]);
    const chainId = eip155ChainId(next.caipNetworkId);
    if (chainId !== null && next.caipNetworkId !== before.caipNetworkId) events.onChainChanged(chainId);
  };

  const parent = createEmbeddedParentMethods({
    ready: () => channel.ready(),
    sessionUpdate: ({ user: next }) => setUser(next),
    setLayout: ({ visible, height, requestId, slot }) =>
      slot === 'socials'
        ? hooks.onSocialsLayout(visible ? { height: height ?? 44 } : null)
        : hooks.onLayout(visible ? { height: height ?? 320, requestId: requestId ?? null } : null),
    socialStarted: ({ provider }) => hooks.onSocialStarted(provider),
    passkeyStarted: ({ popup }) => hooks.onPasskeyStarted?.(popup),
    // Told to the slot's focus sentinels (views/SlotSentinel.tsx) through the iframe element.
    slotFocusLeave: ({ direction }) =>
      link.element()?.dispatchEvent(new CustomEvent(SLOT_FOCUS_LEAVE, { detail: direction })),
  });

  const channel = createSecureFrameChannel(
    link,
    parent,
    {
      onStatus: (status) => hooks.onStatus(status),
      async onInitialized(call) {
        await call('syncDappData', [hooks.dappData()]);
        await call('syncTheme', [hooks.theme()]);
      },
    },
    options.timeouts,
  );

  // A theme change re-syncs an initialized secure frame at once; one still loading gets it at init.
  const stopTheme = hooks.watchTheme?.(() => {
    if (channel.status() === 'initialized') void channel.call('syncTheme', [hooks.theme()]);
  });

  const rpcUrlOf = (caipNetworkId: CaipNetworkId) =>
    config.networks.find((n) => n.caipNetworkId === caipNetworkId)?.rpcUrls.default.http[0];
  /** The page's symbol and decimals of the network's coin, when the secure frame's schema takes them (else none). */
  const nativeCurrencyOf = (caipNetworkId: CaipNetworkId) => {
    const currency = config.networks.find((n) => n.caipNetworkId === caipNetworkId)?.nativeCurrency;
    const given = currency ? { symbol: currency.symbol, decimals: currency.decimals } : undefined;
    return given && EmbeddedRpcRequestSchema.shape.nativeCurrency.safeParse(given).success
      ? { nativeCurrency: given }
      : {};
  };

  /** The session of a freshly signed-in user (kept as the connector's user). */
  const signedIn = (result: Result<EmbeddedUser>): Result<ConnectorSession> => {
    if (!result.ok) return result;
    const session = sessionOfUser(result.value);
    if (session.ok) setUser(result.value);
    return session;
  };

  const call = <K extends keyof SecureFrameMethods>(
    name: K,
    args: Parameters<SecureFrameMethods[K]>,
    timeoutMs?: number,
  ) => channel.call(name, args, timeoutMs);

  /**
   * A fresh login's user on the widget's active network: the secure frame starts a new
   * login on its own default network, so GET_USER with the active one (it becomes active in C).
   */
  const onNetwork = async (
    result: Result<EmbeddedUser>,
    caipNetworkId: CaipNetworkId | undefined,
  ): Promise<Result<EmbeddedUser>> => {
    if (!result.ok || !caipNetworkId || result.value.caipNetworkId === caipNetworkId) return result;
    return call('getUser', [{ caipNetworkId }]);
  };

  /** RPC_REQUEST: one request to C; an unsafe one shows ApproveTransaction until it settles (or is aborted). */
  const rpc = async (
    request: RpcRequest,
    chainNamespace: ChainNamespace,
    caipNetworkId: CaipNetworkId,
    unsafe: boolean,
  ): Promise<Result<unknown>> => {
    const rpcUrl = rpcUrlOf(caipNetworkId);
    if (!rpcUrl) return err(ErrorCode.ChainDisconnected, 'Chain is not supported');
    const id = randomId();
    const settled = new Promise<Result<unknown>>((resolve) => pending.set(id, resolve));
    if (unsafe) hooks.onApprovalStart(id, request.method);
    void call(
      'rpcRequest',
      [
        {
          id,
          method: request.method,
          ...(request.params === undefined ? {} : { params: request.params }),
          chainNamespace,
          caipNetworkId,
          rpcUrl,
          ...nativeCurrencyOf(caipNetworkId),
        },
      ],
      unsafe ? EMBEDDED_TIMEOUTS_MS.approval : EMBEDDED_TIMEOUTS_MS.default,
    ).then((result) => pending.get(id)?.(result));
    const result = await settled;
    pending.delete(id);
    if (unsafe) hooks.onApprovalEnd(id);
    return result;
  };

  const connector: EmbeddedConnector = {
    id: EMBEDDED_CONNECTOR_ID,
    name: EMBEDDED_CONNECTOR_NAME,
    icon: EMAIL_WALLET_ICON,
    type: 'AUTH',
    ref: { type: 'embedded' },
    namespaces: EMBEDDED_NAMESPACES,
    accountOn: (chainNamespace) => (user ? accountOf(user, chainNamespace) : null),
    reload: () => channel.reload(),
    destroy: () => {
      stopTheme?.();
      channel.destroy();
    },
    element: () => link.element(),
    async connect(connectOptions) {
      const id = ++attempt;
      const caipNetworkId = connectOptions?.caipNetworkId ?? (config.networks[0]?.caipNetworkId as CaipNetworkId);
      const connected = await call('isConnected', []);
      if (!connected.ok) return connected;
      if (!connected.value.isConnected) return err(ErrorCode.Unauthorized, NO_AUTH_CONNECTOR);
      const result = signedIn(await call('getUser', [{ caipNetworkId }]));
      if (id !== attempt) return cancelled('aborted');
      return result;
    },
    async restore(caipNetworkId) {
      const connected = await call('isConnected', []);
      if (!connected.ok || !connected.value.isConnected) return null;
      const network = caipNetworkId ?? (config.networks[0]?.caipNetworkId as CaipNetworkId);
      const result = signedIn(await call('getUser', [{ caipNetworkId: network }]));
      return result.ok ? result.value : null;
    },
    async disconnect() {
      // Spec §4: the sign-out wait is capped at 3 s; the frame forgets the user either way.
      await call('signOut', [], EMBEDDED_TIMEOUTS_MS.signOut);
      for (const settle of pending.values()) settle(err(ErrorCode.UserRejected, REQUEST_ABORTED));
      user = null;
      hooks.onUser(null);
      hooks.onLayout(null);
      hooks.onSignedOut();
    },
    async request(request, caipNetworkId) {
      // The namespace's own route (namespaces/embedded.ts): its method policy and the secure frame's shapes.
      const served = embeddedRouteOf(caipNetworkId);
      if (!served) return err(ErrorCode.ChainDisconnected, 'Chain is not supported');
      const { chainNamespace, route } = served;
      return route(request, {
        address: user ? accountOf(user, chainNamespace) : null,
        send: (sent, unsafe) => rpc(sent, chainNamespace, caipNetworkId, unsafe),
      });
    },
    async switchNetwork(network) {
      const rpcUrl = network.rpcUrls.default.http[0];
      if (!rpcUrl) return err(ErrorCode.ChainDisconnected, 'Chain is not supported');
      const done = hooks.onSwitch(network.caipNetworkId as CaipNetworkId);
      const result = await call('switchNetwork', [{ caipNetworkId: network.caipNetworkId as CaipNetworkId, rpcUrl }]);
      done(result.ok);
      if (!result.ok) return result;
      if (user) user = { ...user, caipNetworkId: result.value.caipNetworkId };
      return ok(null);
    },
    cancel() {
      attempt++;
    },
    connectEmail: (email) => call('connectEmail', [{ email }]),
    // The social, passkey and Farcaster logins and the socials slot (logins.ts).
    ...loginCalls({
      call,
      config,
      hooks,
      onNetwork,
      signedIn,
      attempts: { next: () => ++attempt, current: () => attempt, stop: () => void attempt++ },
    }),
    async connectOtp(otp, caipNetworkId) {
      const id = ++attempt;
      const result = await onNetwork(await call('connectOtp', [{ otp }]), caipNetworkId);
      if (id !== attempt) return cancelled('aborted');
      return signedIn(result);
    },
    async connectDevice(caipNetworkId) {
      const id = ++attempt;
      const result = await onNetwork(await call('connectDevice', []), caipNetworkId);
      if (id !== attempt) return cancelled('aborted');
      return signedIn(result);
    },
    ...smartAccountCalls(call as never, setUser),
    updateEmail: (email) => call('updateEmail', [{ email }]),
    updateEmailPrimaryOtp: (otp) => call('updateEmailPrimaryOtp', [{ otp }]),
    async updateEmailSecondaryOtp(otp) {
      const result = await call('updateEmailSecondaryOtp', [{ otp }]);
      if (result.ok && user) setUser({ ...user, email: result.value.email });
      return result;
    },
    abort(requestId) {
      const settle = pending.get(requestId);
      if (!settle) return;
      pending.delete(requestId);
      settle(err(ErrorCode.UserRejected, REQUEST_ABORTED));
      void call('rpcAbort', [{ id: requestId }]);
    },
    isPending: (requestId) => pending.has(requestId),
  };
  return connector;
}

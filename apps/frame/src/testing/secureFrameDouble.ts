import { privateKeyToAccount } from 'viem/accounts';
import {
  ErrorCode,
  err,
  methodPolicy,
  ok,
  type EmbeddedParentMethods,
  type EmbeddedUser,
  type Result,
  type SecureFrameMethods,
  type RpcErrorShape,
} from '@airlock/protocol';
import type { SecureFrameLink } from '../connectors/embedded/link.ts';

/**
 * A TEST DOUBLE of the secure frame (origin C), in process: it implements the
 * `SecureFrameMethods` contract so the widget frame's connector, flows and views can be
 * tested without a browser. It is NOT the secure frame: no shares, no API, no origin
 * checks, no clickjacking gate. It signs with one fixed, publicly known test key (anvil's
 * account 1), "mails" codes by keeping them in `codes`, and lets the test approve or
 * reject each unsafe request. The real one is apps/secure-frame, tested end to end.
 */

/** Anvil's account 1 key (public test key): the double's eip155 account. */
const TEST_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

/** What the double's connectEmail answers. */
export type DoubleLoginMode = 'VERIFY_OTP' | 'VERIFY_DEVICE' | 'CONNECT';

/** The double and its controls. */
export type SecureFrameDouble = SecureFrameMethods & {
  /** The eip155 address of the double's one account (anvil account 1). */
  readonly address: `0x${string}`;
  /** Every call received, in order: method name and arguments. */
  readonly calls: { name: string; args: unknown[] }[];
  /** The code "mailed" to each email (the latest). */
  readonly codes: Map<string, string>;
  /** The answer to connectEmail (default VERIFY_OTP). */
  mode: DoubleLoginMode;
  /** Methods that never answer (timeouts). */
  readonly hang: Set<string>;
  /** The next call of each method here answers this error instead (e.g. a keyed login error, as the real one sends). */
  readonly failNext: Map<string, RpcErrorShape>;
  /** When true the frame never calls `ready` (load failure). */
  failLoad: boolean;
  /** When set, connectDevice waits for it (the visitor opening the mailed link later). */
  deviceApproved: Promise<void> | null;
  /** Codes that answer 'Code expired'. */
  readonly expiredCodes: Set<string>;
  /** The clock the cool-down uses, ms. */
  now: () => number;
  /** The signed-in user, null when none (survives a widget-frame reload, like C's storage). */
  session: EmbeddedUser | null;
  /** The parent methods of the current load (to send SESSION_UPDATE etc.). */
  parent: EmbeddedParentMethods | null;
  /** Ids of unsafe requests waiting for {@link approve} / {@link reject}. */
  pendingIds(): string[];
  /** Approves a pending unsafe request (signs it). */
  approve(id: string): Promise<void>;
  /** Rejects a pending unsafe request (4001). */
  reject(id: string): void;
  /** What the link reports as the secure frame's element (a DOM test may put an iframe here), null by default. */
  element: HTMLIFrameElement | null;
  /** Number of times the link was opened (iframe loads). */
  loads: number;
  /** The link the widget frame uses to reach this double. */
  link(): SecureFrameLink;
};

/** Creates a double with an empty state. */
export function createSecureFrameDouble(): SecureFrameDouble {
  const account = privateKeyToAccount(TEST_KEY);
  const pending = new Map<string, { method: string; params: unknown; resolve: (r: Result<unknown>) => void }>();
  const lastSent = new Map<string, number>();
  let pendingEmail: string | null = null;
  let updateTo: string | null = null;
  // Like the real secure frame, a new login starts on its own default network (Ethereum mainnet).
  let network = 'eip155:1';
  const userOf = (email: string): EmbeddedUser => ({
    email,
    userName: null,
    accounts: [{ caipAddress: `eip155:${network.split(':')[1]}:${account.address}`, type: 'eoa' }],
    caipNetworkId: network as EmbeddedUser['caipNetworkId'],
    preferredAccountType: 'eoa',
    smartAccountDeployed: false,
  });
  const mail = (email: string) => {
    const code = String(100000 + Math.floor(Math.random() * 900000));
    double.codes.set(email, code);
    return code;
  };
  const hangForever = new Promise<never>(() => {});
  const guard = async <T>(name: string, run: () => Promise<T> | T): Promise<T> => {
    if (double.hang.has(name)) return hangForever;
    const failure = double.failNext.get(name);
    if (failure) {
      double.failNext.delete(name);
      return { ok: false, error: failure } as T;
    }
    return run();
  };

  const double: SecureFrameDouble = {
    address: account.address,
    calls: [],
    codes: new Map(),
    mode: 'VERIFY_OTP',
    hang: new Set(),
    failNext: new Map(),
    failLoad: false,
    deviceApproved: null,
    expiredCodes: new Set(),
    now: () => Date.now(),
    session: null,
    parent: null,
    loads: 0,
    element: null,
    pendingIds: () => [...pending.keys()],
    async approve(id) {
      const entry = pending.get(id);
      if (!entry) throw new Error(`no pending request ${id}`);
      pending.delete(id);
      await double.parent?.setLayout({ visible: false });
      const params = entry.params as unknown[];
      if (entry.method === 'personal_sign') {
        entry.resolve(ok(await account.signMessage({ message: { raw: params[0] as `0x${string}` } })));
      } else entry.resolve(ok(`0x${'ab'.repeat(32)}`));
    },
    reject(id) {
      const entry = pending.get(id);
      if (!entry) throw new Error(`no pending request ${id}`);
      pending.delete(id);
      void double.parent?.setLayout({ visible: false });
      entry.resolve(err(ErrorCode.UserRejected, 'User rejected the request'));
    },
    connectEmail: ({ email }) =>
      guard('connectEmail', () => {
        const last = lastSent.get(email);
        if (last !== undefined && double.now() - last < 30_000)
          return err(429, `Please try again after ${Math.ceil((last + 30_000 - double.now()) / 1000)} seconds`);
        lastSent.set(email, double.now());
        pendingEmail = email;
        if (double.mode === 'CONNECT') double.session = userOf(email);
        else mail(email);
        return ok({ action: double.mode });
      }),
    connectDevice: () =>
      guard('connectDevice', async () => {
        await double.deviceApproved;
        if (!pendingEmail) return err(ErrorCode.InternalError, 'No login running');
        double.session = userOf(pendingEmail);
        return ok(double.session);
      }),
    connectOtp: ({ otp }) =>
      guard('connectOtp', () => {
        if (!pendingEmail) return err(ErrorCode.InternalError, 'No login running');
        if (double.expiredCodes.has(otp)) return err(ErrorCode.InvalidParams, 'Code expired');
        if (double.codes.get(pendingEmail) !== otp) return err(ErrorCode.InvalidParams, 'Invalid code');
        double.session = userOf(pendingEmail);
        return ok(double.session);
      }),
    getUser: ({ caipNetworkId }) =>
      guard('getUser', () => {
        if (!double.session) return err(ErrorCode.Unauthorized, 'Not signed in');
        network = caipNetworkId;
        double.session = userOf(double.session.email!);
        return ok(double.session);
      }),
    isConnected: () => guard('isConnected', () => ok({ isConnected: double.session !== null })),
    getChainId: () => guard('getChainId', () => ok({ caipNetworkId: network as EmbeddedUser['caipNetworkId'] })),
    switchNetwork: ({ caipNetworkId }) =>
      guard('switchNetwork', () => {
        if (!double.session) return err(ErrorCode.Unauthorized, 'Not signed in');
        network = caipNetworkId;
        double.session = userOf(double.session.email!);
        return ok({ caipNetworkId });
      }),
    rpcRequest: (request) =>
      guard('rpcRequest', async () => {
        if (!double.session) return err(ErrorCode.Unauthorized, 'Not signed in');
        const policy = methodPolicy(request.method);
        if (!policy) return err(ErrorCode.UnsupportedMethod, 'Requested RPC call is not allowed');
        if (!policy.unsafe) {
          if (request.method === 'eth_accounts') return ok([account.address]);
          return ok(null);
        }
        const answer = new Promise<Result<unknown>>((resolve) =>
          pending.set(request.id, { method: request.method, params: request.params, resolve }),
        );
        await double.parent?.setLayout({ visible: true, height: 280, requestId: request.id });
        return answer;
      }),
    rpcAbort: ({ id }) =>
      guard('rpcAbort', () => {
        const entry = pending.get(id);
        if (entry) {
          pending.delete(id);
          void double.parent?.setLayout({ visible: false });
          entry.resolve(err(ErrorCode.UserRejected, 'Request was aborted'));
        }
        return ok(null);
      }),
    updateEmail: ({ email }) =>
      guard('updateEmail', () => {
        if (!double.session?.email) return err(ErrorCode.Unauthorized, 'Not signed in');
        updateTo = email;
        mail(double.session.email);
        return ok({ action: 'VERIFY_PRIMARY_OTP' as const });
      }),
    updateEmailPrimaryOtp: ({ otp }) =>
      guard('updateEmailPrimaryOtp', () => {
        const current = double.session?.email;
        if (!current || !updateTo) return err(ErrorCode.Unauthorized, 'Not signed in');
        if (double.codes.get(current) !== otp) return err(ErrorCode.InvalidParams, 'Invalid code');
        mail(updateTo);
        return ok({ action: 'VERIFY_SECONDARY_OTP' as const });
      }),
    updateEmailSecondaryOtp: ({ otp }) =>
      guard('updateEmailSecondaryOtp', () => {
        if (!double.session || !updateTo) return err(ErrorCode.Unauthorized, 'Not signed in');
        if (double.codes.get(updateTo) !== otp) return err(ErrorCode.InvalidParams, 'Invalid code');
        double.session = { ...double.session, email: updateTo };
        const email = updateTo;
        updateTo = null;
        return ok({ email });
      }),
    signOut: () =>
      guard('signOut', () => {
        double.session = null;
        return ok(null);
      }),
    // No smart accounts in the double: every account is the EOA (spec §5: a switch is refused).
    getSmartAccountEnabledNetworks: () =>
      guard('getSmartAccountEnabledNetworks', () => ok({ smartAccountEnabledNetworks: [] })),
    initSmartAccount: () =>
      guard('initSmartAccount', () => {
        if (!double.session) return err(ErrorCode.Unauthorized, 'Not signed in');
        return ok({ address: account.address, type: 'eoa' as const, isDeployed: false });
      }),
    setPreferredAccountType: () =>
      guard('setPreferredAccountType', () => {
        if (!double.session) return err(ErrorCode.Unauthorized, 'Not signed in');
        return err(ErrorCode.InvalidParams, 'Smart accounts are not enabled on this network');
      }),
    syncTheme: () => guard('syncTheme', () => ok(null)),
    syncDappData: () => guard('syncDappData', () => ok(null)),
    reload: () => guard('reload', () => ok(null)),
    getFarcasterUri: () =>
      guard('getFarcasterUri', () => ok({ url: 'https://farcaster.example/~/siwf?channelToken=double' })),
    connectFarcaster: () =>
      guard('connectFarcaster', () => err(ErrorCode.InternalError, 'Sign In With Farcaster is not in the double')),
    cancelFarcaster: () => guard('cancelFarcaster', () => ok(null)),
    // Social login: this double shows no buttons and has no login running (e2e covers it with the real frame).
    showSocials: () => guard('showSocials', () => ok({ providers: [] })),
    getSocialRedirectUri: () =>
      guard('getSocialRedirectUri', () => err(ErrorCode.InternalError, 'Failed to initiate social connection')),
    connectSocial: () =>
      guard('connectSocial', () => err(ErrorCode.InternalError, 'Failed to initiate social connection')),
    abortSocial: () => guard('abortSocial', () => ok(null)),
    focusSlot: () => guard('focusSlot', () => ok({ focused: false })),
    connectPasskey: () => guard('connectPasskey', () => err(ErrorCode.InternalError, 'No passkey sign-in is running')),
    link() {
      return {
        async open(parent) {
          double.loads++;
          double.parent = parent;
          if (!double.failLoad) setTimeout(() => void parent.ready({ version: 'double' }), 0);
          return {
            call: (name, args) => {
              double.calls.push({ name, args: [...args] });
              const fn = (double as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[name];
              return fn ? fn(...args) : Promise.reject(new Error(`unknown method ${name}`));
            },
            close() {},
          };
        },
        element: () => double.element,
        destroy() {},
      };
    },
  };
  return double;
}

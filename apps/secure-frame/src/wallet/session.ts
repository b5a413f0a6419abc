import { EMBEDDED_TIMEOUTS_MS, ErrorCode, type EmbeddedUser } from '@airlock/protocol';
import { apiFailure, loginFailure, UNREACHABLE, type ApiClient } from '../api/client.ts';
import { seal, sealText, unseal, unsealText, type Device, type Sealed } from '../keys/device.ts';
import type { KeyValueStore } from '../keys/store.ts';
import type { WalletAddresses, WalletKeys } from '../keys/wallet.ts';
import type { AccountType, AccountView as Eip155View, SmartAccounts } from './smartAccounts.ts';

/** The key code, loaded on first use (a separate chunk: READY does not wait for it). */
const keyCode = () => import('../keys/index.ts');

/** Solana mainnet's CAIP-2 reference, the solana account's default network. */
export const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';

/**
 * What the API says about the signed-in account: the email (null for a Farcaster login), the
 * registered addresses, and for a social login the provider and the user name (absent on a refresh).
 */
export type AccountView = {
  email: string | null;
  addresses: WalletAddresses | null;
  userName?: string | null;
  socialProvider?: EmbeddedUser['socialProvider'];
};
/** A session as the API answers it: access token (DPoP-bound), refresh token, `expiresIn` in seconds. */
export type SessionTokens = { accessToken: string; refreshToken: string; expiresIn: number };

/** The social login of the session (src/social): its provider and the user name it gave. */
export type SocialLogin = { provider: NonNullable<EmbeddedUser['socialProvider']>; userName: string | null };

/** Who is signed in: email, or the social provider (or Farcaster) and user name. */
type Profile = { email: string | null; userName: string | null; socialProvider: EmbeddedUser['socialProvider'] };

/** The login record kept in IndexedDB: the profile, the sealed refresh token, the registered addresses, the networks. */
type LoginRecord = Profile & { refreshToken: Sealed; addresses: WalletAddresses | null; networks: Networks };
/** The device share record: sealed share bytes, and the addresses it belongs to. */
type ShareRecord = { share: Sealed; addresses: WalletAddresses };
/** The active network per namespace (CAIP-2) and which namespace is active. */
type Networks = { active: string; eip155: string; solana: string };

/** What the session needs: the API, the device, the store, the verified dapp and the widget frame's session callback. */
export type WalletSessionDeps = {
  api: ApiClient;
  device: Device;
  store: KeyValueStore;
  /** The verified dapp (project and origin). @throws 4900 when not verified */
  dapp: () => { projectId: string; dappOrigin: string };
  /** Called with the user after every change, or null after sign-out / expiry (SESSION_UPDATE). */
  onUser: (user: EmbeddedUser | null) => void;
  /** Waits `ms` (tests shorten it); default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** The smart accounts (wallet/smartAccounts.ts); without them every eip155 account is the EOA. */
  smart?: SmartAccounts;
};

/** The embedded wallet's login and keys. One per secure frame instance; keys live only in its memory. */
export type WalletSession = ReturnType<typeof createWalletSession>;

/**
 * Creates the session logic: email login (code, known device, device approval),
 * wallet creation, key restore and rebuild (docs/embedded-wallet.md), sign-out
 * and email update. Keys are held in memory only; the seed entropy is zeroed as
 * soon as the accounts are derived.
 */
export function createWalletSession(deps: WalletSessionDeps) {
  const { api, device, store } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  let keys: WalletKeys | undefined;
  let profile: Profile | undefined;
  let pendingEmail: string | undefined;
  let networks: Networks = { active: 'eip155:1', eip155: 'eip155:1', solana: SOLANA_MAINNET };
  /** The eip155 account on `networks.eip155` (EOA or smart account), read by {@link refreshAccount}. */
  let eip155: Eip155View | undefined;
  const refreshAccount = async () => {
    eip155 = keys && deps.smart ? await deps.smart.view(networks.eip155) : undefined;
  };

  const user = (): EmbeddedUser => {
    if (!keys || !profile) throw apiFailure(ErrorCode.Unauthorized, 'Not signed in');
    return {
      email: profile.email,
      userName: profile.userName,
      ...(profile.socialProvider ? { socialProvider: profile.socialProvider } : {}),
      accounts: [
        {
          caipAddress:
            `${networks.eip155}:${eip155?.address ?? keys.eip155.address}` as EmbeddedUser['accounts'][0]['caipAddress'],
          type: eip155?.type ?? 'eoa',
        },
        {
          caipAddress: `${networks.solana}:${keys.solana.address}` as EmbeddedUser['accounts'][0]['caipAddress'],
          type: 'eoa',
        },
      ],
      caipNetworkId: networks.active as EmbeddedUser['caipNetworkId'],
      preferredAccountType: eip155?.type ?? 'eoa',
      smartAccountDeployed: eip155?.deployed ?? false,
    };
  };

  const saveLogin = async (tokens: SessionTokens, account: AccountView) => {
    api.setAccessToken(tokens.accessToken);
    // A refresh answers no social profile: keep the one of the login.
    const stored = account.socialProvider === undefined ? await store.get<LoginRecord>('login') : undefined;
    const known = stored?.email === account.email ? stored : undefined;
    const next: Profile = {
      email: account.email,
      userName: account.userName ?? known?.userName ?? null,
      socialProvider: account.socialProvider ?? known?.socialProvider ?? null,
    };
    const record: LoginRecord = {
      ...next,
      refreshToken: await sealText(device, tokens.refreshToken),
      addresses: account.addresses,
      networks,
    };
    await store.set('login', record);
    profile = next;
  };

  const storeShare = async (share: Uint8Array, addresses: WalletAddresses) => {
    const record: ShareRecord = { share: await seal(device, share), addresses };
    await store.set('share', record);
  };

  /** New account: seed → 2-of-3 → auth and recovery shares to the API, the device share here. */
  const createWallet = async (): Promise<WalletKeys> => {
    const { addressesOf, deriveWallet, generateEntropy, splitThree, toBase64 } = await keyCode();
    const entropy = generateEntropy();
    try {
      const created = deriveWallet(entropy);
      const addresses = addressesOf(created);
      const shares = await splitThree(entropy);
      await api.call('/embedded/v1/wallet', {
        auth: true,
        body: {
          eip155Address: addresses.eip155,
          solanaAddress: addresses.solana,
          authShare: toBase64(shares.auth),
          recoveryShare: toBase64(shares.recovery),
        },
      });
      await storeShare(shares.device, addresses);
      const login = await store.get<LoginRecord>('login');
      if (login) await store.set('login', { ...login, addresses });
      return created;
    } finally {
      entropy.fill(0);
    }
  };

  /** Existing account: device share + its pair, else a rebuild from auth + recovery and a fresh device share. */
  const loadKeys = async (addresses: WalletAddresses): Promise<WalletKeys> => {
    const { fromBase64, rebuild, splitForDevice, toBase64 } = await keyCode();
    const [account, local] = await Promise.all([
      api.call<AccountView & { deviceShare: 'primary' | 'device' | null }>('/embedded/v1/account', { auth: true }),
      store.get<ShareRecord>('share'),
    ]);
    if (local && account.deviceShare && local.addresses.eip155.toLowerCase() === addresses.eip155.toLowerCase()) {
      try {
        const pair = await api.call<{ authShare: string }>('/embedded/v1/shares/device', { auth: true });
        const rebuilt = await rebuild([await unseal(device, local.share), fromBase64(pair.authShare)], addresses);
        rebuilt.entropy.fill(0);
        return rebuilt.keys;
      } catch (error) {
        // Unreachable API or an ended session: report it. Anything else (no pair on the API, a share
        // that does not verify or unseal): rebuild from auth + recovery below.
        if ((error as Error).message === UNREACHABLE || (error as { code?: number }).code === ErrorCode.Unauthorized)
          throw error;
      }
    }
    const { authShare, recoveryShare } = await api.call<{ authShare: string; recoveryShare: string }>(
      '/embedded/v1/shares/recovery',
      { auth: true },
    );
    const { keys: rebuilt, entropy } = await rebuild([fromBase64(authShare), fromBase64(recoveryShare)], addresses);
    try {
      const fresh = await splitForDevice(entropy);
      await api.call('/embedded/v1/shares/device', {
        method: 'PUT',
        auth: true,
        body: { authShare: toBase64(fresh.auth) },
      });
      await storeShare(fresh.device, addresses);
    } finally {
      entropy.fill(0);
    }
    return rebuilt;
  };

  const finishLogin = async (tokens: SessionTokens, account: AccountView): Promise<EmbeddedUser> => {
    await saveLogin(tokens, account);
    keys = account.addresses ? await loadKeys(account.addresses) : await createWallet();
    pendingEmail = undefined;
    await refreshAccount();
    const current = user();
    deps.onUser(current);
    return current;
  };

  /** Restores the session after a reload: the sealed refresh token, then the keys. @throws 4100 without a stored login */
  const restore = async (): Promise<void> => {
    const login = await store.get<LoginRecord>('login');
    if (!login) throw apiFailure(ErrorCode.Unauthorized, 'Not signed in');
    networks = login.networks ?? networks;
    let refreshed: { session: SessionTokens; account: AccountView };
    try {
      refreshed = await api.call('/embedded/v1/session/refresh', {
        body: { refreshToken: await unsealText(device, login.refreshToken) },
      });
    } catch (error) {
      if ((error as { code?: number }).code === ErrorCode.Unauthorized) await store.delete('login');
      throw error;
    }
    await saveLogin(refreshed.session, refreshed.account);
    if (!refreshed.account.addresses) {
      keys = await createWallet();
      return;
    }
    keys = await loadKeys(refreshed.account.addresses);
  };

  /** Calls the API with the session; on an expired access token refreshes once and retries. */
  const authed = async <T>(path: string, body?: unknown): Promise<T> => {
    try {
      return await api.call<T>(path, { auth: true, body });
    } catch (error) {
      if ((error as { code?: number }).code !== ErrorCode.Unauthorized) throw error;
      await restore();
      return api.call<T>(path, { auth: true, body });
    }
  };

  return {
    /** The signed-in user. @throws 4100 when not signed in */
    user,
    /** The keys in memory, or undefined. */
    keys: () => keys,
    /**
     * Finishes a verified login (email code, device, Farcaster): stores the sealed session, loads or
     * creates the keys, reports the user (SESSION_UPDATE) and answers it.
     */
    finishLogin,
    /** The active network per namespace. */
    networks: () => networks,
    /** Ends a social login (src/social): the session the API opened, then the keys (created or restored). */
    finishSocial: (tokens: SessionTokens, account: AccountView, login: SocialLogin) =>
      finishLogin(tokens, {
        ...account,
        socialProvider: login.provider,
        userName: login.userName?.slice(0, 200) ?? null,
      }),
    /** CONNECT_EMAIL. */
    connectEmail: async (address: string): Promise<{ action: 'VERIFY_OTP' | 'VERIFY_DEVICE' | 'CONNECT' }> => {
      const { projectId, dappOrigin } = deps.dapp();
      const answer = await api.call<{
        action: 'VERIFY_OTP' | 'VERIFY_DEVICE' | 'CONNECT';
        session?: SessionTokens;
        account?: AccountView;
      }>('/embedded/v1/login/start', {
        body: { projectId, email: address, dappOrigin },
        timeoutMs: EMBEDDED_TIMEOUTS_MS.login,
      });
      pendingEmail = address;
      if (answer.action === 'CONNECT' && answer.session && answer.account)
        await finishLogin(answer.session, answer.account);
      return { action: answer.action };
    },
    /** CONNECT_OTP. */
    connectOtp: async (otp: string): Promise<EmbeddedUser> => {
      if (!pendingEmail) throw apiFailure(ErrorCode.InvalidParams, 'Enter your email first');
      const { dappOrigin } = deps.dapp();
      const answer = await api.call<{ session: SessionTokens; account: AccountView }>('/embedded/v1/login/verify', {
        body: { email: pendingEmail, otp, dappOrigin },
        timeoutMs: EMBEDDED_TIMEOUTS_MS.login,
      });
      return finishLogin(answer.session, answer.account);
    },
    /** CONNECT_DEVICE: polls until the mailed link is used (120 s at most). */
    connectDevice: async (): Promise<EmbeddedUser> => {
      if (!pendingEmail) throw apiFailure(ErrorCode.InvalidParams, 'Enter your email first');
      const deadline = Date.now() + EMBEDDED_TIMEOUTS_MS.login - 2_000;
      while (Date.now() < deadline) {
        const answer = await api.call<{ status: string; session?: SessionTokens; account?: AccountView }>(
          '/embedded/v1/login/device',
          { body: { email: pendingEmail } },
        );
        if (answer.status === 'approved' && answer.session && answer.account)
          return finishLogin(answer.session, answer.account);
        if (answer.status === 'denied') throw loginFailure(ErrorCode.UserRejected, 'DeviceDenied');
        if (answer.status === 'expired') throw loginFailure(ErrorCode.InternalError, 'ApprovalExpired');
        await sleep(1_000);
      }
      throw loginFailure(ErrorCode.InternalError, 'DeviceNotApproved');
    },
    /**
     * GET_USER: the user on `caipNetworkId` (active when its namespace is eip155 or solana), restoring
     * the keys after a reload. `preferredAccountType` (spec §7 GET_USER, CONNECT_SOCIAL) is stored for
     * an eip155 network whose smart accounts the deployment enables; elsewhere the EOA stays and the
     * answer's `preferredAccountType` says `eoa`. @throws 4100 when not signed in
     */
    getUser: async (caipNetworkId: string, preferredAccountType?: AccountType): Promise<EmbeddedUser> => {
      if (!keys) await restore();
      const [namespace] = caipNetworkId.split(':');
      if (namespace === 'eip155' || namespace === 'solana')
        networks = { ...networks, active: caipNetworkId, [namespace]: caipNetworkId };
      if (preferredAccountType && namespace === 'eip155' && deps.smart?.isEnabled(caipNetworkId))
        await deps.smart.setType(caipNetworkId, preferredAccountType);
      await refreshAccount();
      return user();
    },
    /** IS_CONNECTED: a login record exists (no network call). */
    isConnected: async () => (await store.get<LoginRecord>('login')) !== undefined,
    /** Makes a network active (eip155 or solana). @throws 4902 for another namespace */
    switchNetwork: async (caipNetworkId: string): Promise<string> => {
      if (!keys) throw apiFailure(ErrorCode.Unauthorized, 'Not signed in');
      const [namespace] = caipNetworkId.split(':');
      if (namespace !== 'eip155' && namespace !== 'solana')
        throw apiFailure(ErrorCode.UnrecognizedChain, 'The embedded wallet does not support this network');
      networks = { ...networks, active: caipNetworkId, [namespace]: caipNetworkId };
      const login = await store.get<LoginRecord>('login');
      if (login) await store.set('login', { ...login, networks });
      if (namespace === 'eip155') await refreshAccount();
      deps.onUser(user());
      return caipNetworkId;
    },
    /**
     * Sets the account type of an eip155 network (spec §5, §7 set preferred account type) and reports
     * the user. @throws 4100 when not signed in; -32602 when smart accounts are not enabled there
     */
    setPreferredAccountType: async (caipNetworkId: string, type: AccountType): Promise<EmbeddedUser> => {
      if (!keys) throw apiFailure(ErrorCode.Unauthorized, 'Not signed in');
      if (!deps.smart) throw apiFailure(ErrorCode.InvalidParams, 'Smart accounts are not enabled on this network');
      await deps.smart.setType(caipNetworkId, type);
      await refreshAccount();
      const current = user();
      deps.onUser(current);
      return current;
    },
    /** Reads the eip155 account again (after a user operation deployed it) and reports the user. */
    refreshAccount: async (): Promise<void> => {
      await refreshAccount();
      if (keys && profile) deps.onUser(user());
    },
    /** SIGN_OUT: revokes the session (3 s at most), forgets the keys and the login record; the device stays known. */
    signOut: async (): Promise<void> => {
      keys = undefined;
      eip155 = undefined;
      deps.smart?.clear();
      profile = undefined;
      pendingEmail = undefined;
      try {
        await api.call('/embedded/v1/session/signout', {
          method: 'POST',
          auth: true,
          timeoutMs: EMBEDDED_TIMEOUTS_MS.signOut,
        });
      } catch {
        // The session dies with its access token anyway; the local record is what matters here.
      }
      api.setAccessToken(undefined);
      await store.delete('login');
      deps.onUser(null);
    },
    /** UPDATE_EMAIL: mails a code to the current address. */
    updateEmail: (address: string) =>
      authed<{ action: 'VERIFY_PRIMARY_OTP' }>('/embedded/v1/email/update', { email: address }),
    /** UPDATE_EMAIL primary code: mails a code to the new address. */
    updateEmailPrimaryOtp: (otp: string) =>
      authed<{ action: 'VERIFY_SECONDARY_OTP' }>('/embedded/v1/email/update/primary', { otp }),
    /** UPDATE_EMAIL secondary code: stores the new email and reports the user. */
    updateEmailSecondaryOtp: async (otp: string): Promise<{ email: string }> => {
      const result = await authed<{ email: string }>('/embedded/v1/email/update/secondary', { otp });
      if (profile) profile = { ...profile, email: result.email };
      const login = await store.get<LoginRecord>('login');
      if (login) await store.set('login', { ...login, email: result.email });
      deps.onUser(user());
      return result;
    },
  };
}

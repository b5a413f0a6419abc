import { ErrorCode, type EmbeddedUser } from '@airlock/protocol';
import { apiFailure } from '../api/client.ts';
import type { SecureFrameDeployment } from '../config/deployment.ts';
import type { KeyValueStore } from '../keys/store.ts';
import type { WalletKeys } from '../keys/wallet.ts';
import type { SmartAccountHandle } from '../smart/account.ts';

/** The account type of a network (spec §3, §6): `eoa` or `smartAccount`. */
export type AccountType = EmbeddedUser['preferredAccountType'];

/** The eip155 account the visitor uses on one network: its address, type and, for a smart account, whether it exists. */
export type AccountView = { address: string; type: AccountType; deployed: boolean };

/** What the smart accounts need: the deployment, the secure frame's storage, the keys, the verified project. */
export type SmartAccountsDeps = {
  deployment: Pick<SecureFrameDeployment, 'apiUrl' | 'rpcUrls' | 'smartAccounts'>;
  store: KeyValueStore;
  keys: () => WalletKeys | undefined;
  /** The verified dapp's project id (the bundler route's `projectId`). @throws 4900 when not verified */
  projectId: () => string;
  /** ms each JSON-RPC call may take, default 10 000. */
  timeoutMs?: number;
};

/** Storage key of the preferred account type per network (this secure frame's origin only). */
const PREFERENCES_KEY = 'accountTypes';

/** The message of a switch to a smart account on a network without them (spec §5). */
export const NOT_ENABLED = 'Smart accounts are not enabled on this network';

/**
 * The visitor's eip155 account per network (docs/embedded-wallet.md "Smart accounts"): where the
 * deployment enables smart accounts (`smartAccounts`, never the page), the smart account owned by the
 * embedded key unless the visitor chose the EOA there (spec §6 default: eip155 smart account); elsewhere
 * the EOA. The preference is kept per network in the secure frame's own storage. The smart account code
 * (permissionless, the bundler client) loads only on the first network that uses it.
 */
export function createSmartAccounts(deps: SmartAccountsDeps) {
  const enabled = deps.deployment.smartAccounts;
  const timeoutMs = deps.timeoutMs ?? 10_000;
  let preferences: Record<string, AccountType> | undefined;
  const handles = new Map<string, Promise<SmartAccountHandle>>();

  const load = async () => {
    preferences ??= (await deps.store.get<Record<string, AccountType>>(PREFERENCES_KEY)) ?? {};
    return preferences;
  };
  const isEnabled = (caipNetworkId: string) => Object.hasOwn(enabled, caipNetworkId);
  /** The type in force on a network (preferences must be loaded). */
  const typeOf = (caipNetworkId: string): AccountType =>
    isEnabled(caipNetworkId) ? (preferences?.[caipNetworkId] ?? 'smartAccount') : 'eoa';

  const handle = (caipNetworkId: string): Promise<SmartAccountHandle> => {
    const keys = deps.keys();
    if (!keys) throw apiFailure(ErrorCode.Unauthorized, 'Not signed in');
    const key = `${keys.eip155.address}|${caipNetworkId}`;
    let found = handles.get(key);
    if (!found) {
      found = import('../smart/account.ts').then(({ createSmartAccountHandle }) =>
        createSmartAccountHandle({
          owner: keys.eip155,
          caipNetworkId,
          rpcUrl: deps.deployment.rpcUrls[caipNetworkId] as string,
          mode: enabled[caipNetworkId] as 'safe' | 'eip7702',
          timeoutMs,
        }),
      );
      // A failure (RPC down) is not kept: the next call tries again.
      found.catch(() => handles.delete(key));
      handles.set(key, found);
    }
    return found;
  };

  return {
    /** The networks with smart accounts (spec §7 `smartAccountEnabledNetworks`), CAIP-2 ids. */
    enabledNetworks: (): string[] => Object.keys(enabled),
    isEnabled,
    /** The smart account mode of an enabled network (`safe` or `eip7702`), else undefined. */
    modeOf: (caipNetworkId: string) => (isEnabled(caipNetworkId) ? enabled[caipNetworkId] : undefined),
    /** The account type on a network (after {@link view} or {@link setType} loaded the preferences; else the default). */
    typeOf,
    /**
     * The eip155 account on `caipNetworkId`: the EOA, or the smart account (address computed, deployment read).
     * @throws 4100 when not signed in; -32603 'The smart account could not be loaded' when the network's RPC fails
     */
    view: async (caipNetworkId: string): Promise<AccountView> => {
      const keys = deps.keys();
      if (!keys) throw apiFailure(ErrorCode.Unauthorized, 'Not signed in');
      await load();
      if (typeOf(caipNetworkId) === 'eoa') return { address: keys.eip155.address, type: 'eoa', deployed: false };
      try {
        const { account } = await handle(caipNetworkId);
        const isDeployed = await account.isDeployed();
        return { address: account.address, type: 'smartAccount', deployed: isDeployed };
      } catch (error) {
        throw apiFailure(
          ErrorCode.InternalError,
          `The smart account could not be loaded: ${(error as Error).message.split('\n')[0]}`,
        );
      }
    },
    /**
     * Sets the account type of a network (spec §5): `smartAccount` only where the deployment enables it.
     * @throws -32602 {@link NOT_ENABLED}
     */
    setType: async (caipNetworkId: string, type: AccountType): Promise<void> => {
      if (type === 'smartAccount' && !isEnabled(caipNetworkId)) throw apiFailure(ErrorCode.InvalidParams, NOT_ENABLED);
      const current = await load();
      preferences = { ...current, [caipNetworkId]: type };
      await deps.store.set(PREFERENCES_KEY, preferences);
    },
    /** The smart account of a network where it is in force, else undefined (the EOA signs). */
    active: async (caipNetworkId: string): Promise<SmartAccountHandle | undefined> => {
      await load();
      return typeOf(caipNetworkId) === 'smartAccount' ? handle(caipNetworkId) : undefined;
    },
    /** The API's bundler route of a network (spec §7): `<apiUrl>/v1/bundler?projectId&chainId`, also its paymaster. */
    bundlerUrl: (caipNetworkId: string): string => {
      const url = new URL(
        'v1/bundler',
        deps.deployment.apiUrl.endsWith('/') ? deps.deployment.apiUrl : `${deps.deployment.apiUrl}/`,
      );
      url.searchParams.set('projectId', deps.projectId());
      url.searchParams.set('chainId', caipNetworkId);
      return url.toString();
    },
    /** Forgets the accounts of the signed-out keys. */
    clear: () => handles.clear(),
  };
}

/** The smart accounts of a secure frame. */
export type SmartAccounts = ReturnType<typeof createSmartAccounts>;

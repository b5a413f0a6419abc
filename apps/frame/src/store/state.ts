import type {
  CaipAddress,
  CaipNetworkId,
  ConnectionStatus,
  Features,
  RpcErrorShape,
  TokenBalance,
  HistoryItem,
  SiwxSession,
  SolanaWallet,
  WalletAnnouncement,
  ThemeVariables,
} from '@airlock/protocol';
import type { Bip122Wallet } from '@airlock/protocol/bip122Wallets';
import type { AccountType, ConnectionAccount, ConnectionsState } from './connectionTypes.ts';
import type { LoadStatus, OnrampState, SwapState } from './featureState.ts';
import { initialFramePreferences, type FramePreferences } from './persisted.ts';
import type { Route } from './routes.ts';
import type { AlertText } from './alertText.ts';
import type { ErrorText, ShownError } from '../i18n/errorKeys.ts';
import type { EmbeddedState } from './embeddedState.ts';

/** A page wallet a host extension bridges, as the modal lists it: its host-given id, name and `data:image` icon. */
export type BridgedWallet = { id: string; name: string; icon: string };

export type {
  LoadStatus,
  SwapToken,
  SwapQuote,
  SwapStep,
  SwapState,
  OnrampPaymentCurrency,
  OnrampProviderInfo,
  OnrampPurchaseCurrency,
  OnrampQuote,
  OnrampPurchase,
  OnrampState,
} from './featureState.ts';

/**
 * The frame's one store: every slice the UI and the host see. Each transition is one
 * `setState` (docs/architecture.md 'How state flows'): `connected` always comes with
 * its address, wallet and network; `disconnected` with none.
 */

/** The connected wallet as shown (spec §3 connectedWalletInfo): connector id and type, display name, icon, rdns. */
export type ConnectedWallet = {
  /** The connector's id: the EIP-6963 uuid of a page wallet, `walletConnect` for a WalletConnect session. */
  connectorId: string;
  /** Connector type (spec §3 Connector): `AUTH` is the embedded (email) wallet. */
  type: 'ANNOUNCED' | 'WALLET_CONNECT' | 'AUTH';
  /** Display name (the wallet's, or its session peer's; the email for the embedded wallet). */
  name: string;
  /** Icon as a `data:image` URI. */
  icon: string;
  /** EIP-6963 rdns (page wallets) or the listing id of the chosen WalletConnect wallet. */
  rdns?: string | undefined;
  /** The wallet's id in the wallet listing (spec §3 Connector `explorerId`), when the visitor picked it there. */
  explorerId?: string | undefined;
};

/**
 * The shown connection (spec §3 account state, §4 status): the active connection of the active
 * network's namespace as the dapp sees it. DERIVED, never stored: `connectionOf(state)`
 * (store/connection.ts) computes it from the `connections` slice and the `active` slice, so the
 * wallet, address and account type shown can never disagree with the connections.
 */
export type ConnectionState = {
  /** `disconnected`, `connecting` (prompt or silent reconnect running, no connection shown) or `connected` (spec §4). */
  status: ConnectionStatus;
  /** The connected wallet; non-null exactly when `status` is `connected`. */
  wallet: ConnectedWallet | null;
  /**
   * The account on the active network's namespace: EIP-55 (eip155) or base58 (solana); non-null
   * exactly when `status` is `connected`.
   */
  address: string | null;
  /** CAIP-10 id of the account on {@link caipNetworkId}; non-null exactly when connected. */
  caipAddress: CaipAddress | null;
  /** The shown connection's accounts, first = {@link address}, each with its account type; empty when not connected. */
  accounts: readonly ConnectionAccount[];
  /** The account type of {@link address} (spec §3 Account `type`), null when not connected. */
  accountType: AccountType | null;
  /**
   * The active CAIP-2 network. While connected it is the shown connection's network, which may be
   * missing from the configured networks (UnsupportedChain); otherwise a configured one.
   */
  caipNetworkId: CaipNetworkId;
  /** Native balance of {@link caipAddress} in whole units (ether, not wei) as a decimal string, null until read. */
  balance: string | null;
  /** Native currency symbol of {@link balance}, null until read. */
  balanceSymbol: string | null;
  /** See {@link ActiveState.balanceUnavailable}. */
  balanceUnavailable: boolean;
  /** The last failed connection attempt (EIP-1193 code kept: 4001 = rejected), null otherwise. */
  error: RpcErrorShape | null;
  /** The running or failed network switch (SwitchNetwork view), null when idle. */
  switching: { caipNetworkId: CaipNetworkId; status: 'pending' | 'error'; error: RpcErrorShape | null } | null;
};

/**
 * The active slice: what belongs to the active network and is NOT derivable from the
 * connections (the wallet, address and account type shown are, `connectionOf`): the active
 * network, a connect in progress and its error, the balance read and a network switch.
 */
export type ActiveState = {
  /**
   * The active CAIP-2 network: its namespace picks the connection shown. While a connection is
   * shown, the shown network is that connection's own (`connectionOf`); this one follows it.
   */
  caipNetworkId: CaipNetworkId;
  /** True while a connect or a reload's silent reconnect runs (`connecting` when nothing is shown meanwhile). */
  connecting: boolean;
  /** The last failed connection attempt (EIP-1193 code kept: 4001 = rejected), null otherwise. */
  error: RpcErrorShape | null;
  /** The CAIP-10 account {@link balance} was read for; a balance of another account is not shown. */
  balanceOf: CaipAddress | null;
  /** Native balance in whole units (ether, not wei) as a decimal string, null until read. */
  balance: string | null;
  /** Native currency symbol of {@link balance}, null until read. */
  balanceSymbol: string | null;
  /**
   * True when the last read of {@link balance} failed (spec §8 'Token Balance Unavailable') and none
   * has succeeded since; the next refresh retries. False while it loads (balance null) or once read.
   */
  balanceUnavailable: boolean;
  /** The running or failed network switch (SwitchNetwork view), null when idle. */
  switching: { caipNetworkId: CaipNetworkId; status: 'pending' | 'error'; error: RpcErrorShape | null } | null;
};

/** Modal slice (spec §3 modal state, §2 view stack). */
export type ModalState = {
  /** True while the modal is shown (the host shows the iframe overlay). */
  open: boolean;
  /** True for the 500 ms error shake (spec §2); the UI clears it when the animation ends. */
  shake: boolean;
  /** The view stack, bottom first; never empty. */
  stack: Route[];
  /**
   * Spec §3 modal state `loading`: true while `open({ namespace })` switches to that namespace's
   * network before the modal shows (actions/openNamespace.ts); absent or false otherwise.
   */
  loading?: boolean;
};

/** WalletConnect pairing slice (spec §4 pairing expiry). */
export type WalletConnectState = {
  /** The current `wc:` pairing URI, null before one exists. */
  uri: string | null;
  /** When {@link uri} was created, ms since the epoch. */
  uriCreatedAt: number | null;
  /** `idle`, `loading`, `pairing` (URI shown) or `error`. */
  status: 'idle' | 'loading' | 'pairing' | 'error';
  /** Why the last pairing failed (5000 / 4001 rejected, -32603 relay error), null otherwise. */
  error: RpcErrorShape | null;
};

/**
 * Where WalletConnect secrets live: `local` (the frame's own storage), `granted`
 * (storage the visitor granted through the Storage Access API) or `memory` (lost
 * with the page; the UI says so). `canRequest` is true when the browser offers
 * `document.requestStorageAccess`.
 */
export type SecretsState = { mode: 'local' | 'granted' | 'memory'; canRequest: boolean };

/** Send slice (spec §3 Send state). */
export type SendState = {
  /** The token to send (native entry has no `address`), null until picked. */
  token: TokenBalance | null;
  /** Amount in whole tokens as typed (decimal string). */
  sendTokenAmount: string;
  /** Receiver EVM address as typed. */
  receiverAddress: string;
  /** True while the wallet is asked to send. */
  loading: boolean;
  /** The last failure, null when none (the form keeps its values): the modal's own by key, a wallet's in its words. */
  error: ShownError | null;
};

/** Account tabs (spec §2). */
export type AccountTab = 'tokens' | 'nfts' | 'activity';

/** Portfolio slice: what the Account tabs show for the connected address on the active network. */
export type PortfolioState = {
  /** The selected tab. */
  tab: AccountTab;
  /** `caipNetworkId:address` the lists belong to, null before the first load. */
  owner: string | null;
  /** Token balances (spec §3), native first, 0-decimal tokens removed. */
  tokens: TokenBalance[];
  /** Status of `tokens`. */
  tokensStatus: LoadStatus;
  /** History items loaded so far (all pages). */
  history: HistoryItem[];
  /** Status of `history`. */
  historyStatus: LoadStatus;
  /** Cursor of the next history page, null at the end. */
  next: string | null;
  /** True while a further page loads. */
  loadingMore: boolean;
};

/** Toast slice (spec §4 Toast). */
export type ToastState = { open: boolean; message: string; variant: 'success' | 'error' | 'loading' };

/** Sign-in slice (spec §3 Session, §4 sign-in flow); see apps/frame/src/siwx. */
export type SiwxState = {
  /** True when the dapp turned sign-in on (`FrameConfig.siwx`). */
  enabled: boolean;
  /** Sessions of this dapp origin by CAIP-10 account (eip155 lowercase): one per account and network. */
  sessions: Record<string, SiwxSession>;
  /** The last network a session was signed on (spec §4 'records the last connected sign-in network'). */
  lastCaipNetworkId: CaipNetworkId | null;
  /** `signing` while the wallet and the verifier are asked; `error` after a failure (SIWXSignMessage shows it). */
  status: 'idle' | 'signing' | 'error';
  /** Why the last attempt failed (spec §8 'Error signing message', 'SIWX is not enabled'; siwx/errors.ts), null otherwise. */
  error: ErrorText | null;
};

export type { AccountType } from './connectionTypes.ts';
export type { AlertText } from './alertText.ts';
export type {
  ApprovalLayout,
  EmailLoginState,
  EmailLoginStep,
  EmailUpdateState,
  EmbeddedState,
  SecureFrameStatus,
  SocialLoginState,
} from './embeddedState.ts';
export { initialEmbedded } from './embeddedState.ts';

/**
 * Theme slice (spec §3 'Theme sync'; docs/theming.md): what the dapp set and what applies.
 * ui/themeRuntime.ts applies it to the root and re-sends it to the secure frame on change.
 */
export type ThemeState = {
  /** The dapp's mode, null to follow the OS (`prefers-color-scheme`). */
  themeMode: 'light' | 'dark' | null;
  /** The OS's colour scheme, kept live (used when {@link themeMode} is null). */
  systemMode: 'light' | 'dark';
  /** The dapp's accepted theme variables (all valid: a refused set never lands here). */
  themeVariables: ThemeVariables;
  /** The CSS custom properties computed from {@link themeVariables} (names `--airlock-*`, see ui/theme.ts). */
  properties: Record<string, string>;
};

/** The theme before the frame starts: the config's mode, no variables applied yet, OS light. */
export function initialTheme(themeMode: ThemeState['themeMode']): ThemeState {
  return { themeMode, systemMode: 'light', themeVariables: {}, properties: {} };
}

/** The whole frame state. */
export type FrameState = {
  /** The active network and what belongs to it apart from the connections (the shown connection is `connectionOf(state)`). */
  active: ActiveState;
  /** Every connection, per connector and namespace, with the active one per namespace (store/connections.ts). */
  connections: ConnectionsState;
  modal: ModalState;
  /** Wallets announced on the page (EIP-6963), validated, in announcement order. */
  wallets: WalletAnnouncement[];
  /** Solana wallets registered on the page (Wallet Standard, through the host's opt-in Solana entry), validated. */
  solanaWallets: SolanaWallet[];
  /** Bitcoin wallets on the page (Wallet Standard `bitcoin:*` or sats-connect, through the host's opt-in Bitcoin entry), validated. */
  bitcoinWallets: Bip122Wallet[];
  /** Keplr-shaped Cosmos wallets on the page (`window.keplr`, `window.leap`, through the host's opt-in Cosmos entry), validated, each with its modal icon. */
  cosmosWallets: BridgedWallet[];
  /** Injected Polkadot extensions on the page (`window.injectedWeb3`, through the host's opt-in Polkadot entry), validated, each with its modal name and icon. */
  polkadotWallets: BridgedWallet[];
  /** Persisted, non-secret preferences (store/persisted.ts, version 2). */
  preferences: FramePreferences;
  walletConnect: WalletConnectState;
  secrets: SecretsState;
  send: SendState;
  portfolio: PortfolioState;
  toast: ToastState;
  /** Effective features (spec §1) and where they came from. */
  features: { features: Features; source: 'local' | 'remote' };
  /** The provider-API alert shown over the modal, null when none (spec §8). */
  apiAlert: AlertText | null;
  /** Swap slice; absent until the Swap view first opens (its code and initial value load with it). */
  swap?: SwapState;
  /** Onramp slice; absent until the Buy view first opens. */
  onramp?: OnrampState;
  /** Known names by lowercase address (`GET /v1/identity`, spec §9 cache 5 min): a name, or null for none. */
  names: Record<string, string | null>;
  /** Profile images (the identity's avatar URL, spec §3 `profileImage`) by lowercase address, filled with `names`; null for none. */
  profileImages: Record<string, string | null>;
  siwx: SiwxState;
  /** The embedded wallet (email login, secure frame). */
  embedded: EmbeddedState;
  /** Theme mode and variables. */
  theme: ThemeState;
};

/** The active slice on `caipNetworkId` with nothing in progress: no connect, no error, no balance read, no switch. */
export function idleOn(caipNetworkId: CaipNetworkId): ActiveState {
  return {
    caipNetworkId,
    connecting: false,
    error: null,
    balanceOf: null,
    balance: null,
    balanceSymbol: null,
    balanceUnavailable: false,
    switching: null,
  };
}

/** The initial pairing state. */
export const initialWalletConnect: WalletConnectState = { uri: null, uriCreatedAt: null, status: 'idle', error: null };
/** The initial (empty) send state. */
export const initialSend: SendState = {
  token: null,
  sendTokenAmount: '',
  receiverAddress: '',
  loading: false,
  error: null,
};
/** The initial portfolio state. */
export const initialPortfolio: PortfolioState = {
  tab: 'tokens',
  owner: null,
  tokens: [],
  tokensStatus: 'idle',
  history: [],
  historyStatus: 'idle',
  next: null,
  loadingMore: false,
};
/** The default preferences (nothing remembered). */
export const initialPreferences: FramePreferences = initialFramePreferences;

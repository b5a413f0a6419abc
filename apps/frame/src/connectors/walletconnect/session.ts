import {
  ErrorCode,
  Message,
  err,
  isEvmAddress,
  ok,
  toChecksumAddress,
  type CaipNetworkId,
  type Network,
  type Result,
  type RpcRequest,
} from '@airlock/protocol';
import { numberToHex } from 'viem';
import { handleWalletEvent } from '../../actions/walletEvents.ts';
import { getNetworks } from '../../stores/options.ts';
import { WALLETCONNECT_UUID } from './constants.ts';
import { buildNamespaces } from './namespaces.ts';
import { getProvider, setProviderInit, type WalletConnectProvider } from './provider.ts';

/**
 * The WalletConnect session: connect (pairing URI → approved session),
 * requests routed to the session with the CAIP-2 chain, chain switching,
 * deleting, restoring after a reload, and the wallet's events (issue 3 §1,
 * spec §4). Lazy-loaded.
 */

/** The account a session gives the frame: EIP-55 address, chain id (number), and the wallet's peer metadata. */
export type SessionAccount = {
  /** EIP-55 checksummed address. */
  address: `0x${string}`;
  /** eip155 chain id of that account (decimal number). */
  chainId: number;
  /** The wallet's name from the session's peer metadata. */
  peerName: string;
  /** The wallet's first icon URL from its metadata, if any. */
  peerIcon: string | undefined;
};

setProviderInit((provider) => {
  provider.on('session_event', (event: { topic?: string; params?: { event?: { name?: string; data?: unknown }; chainId?: string } }) => {
    const name = event.params?.event?.name;
    const data = event.params?.event?.data;
    if (name === 'accountsChanged' && Array.isArray(data)) {
      const accounts = data.map((a) => (typeof a === 'string' ? (a.split(':').pop() ?? a) : '')).filter(Boolean);
      void handleWalletEvent({ type: 'accountsChanged', uuid: WALLETCONNECT_UUID, accounts });
    } else if (name === 'chainChanged') {
      const raw = typeof data === 'string' && data.includes(':') ? data.split(':').pop() : data;
      const id = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.startsWith('0x') ? Number.parseInt(raw, 16) : raw) : NaN;
      if (Number.isSafeInteger(id) && id > 0) void handleWalletEvent({ type: 'chainChanged', uuid: WALLETCONNECT_UUID, chainId: numberToHex(id) });
    }
  });
  provider.on('session_delete', () => {
    void handleWalletEvent({ type: 'disconnect', uuid: WALLETCONNECT_UUID });
  });
});

/** Turns a WalletConnect / wallet error (`{ code, message, data }` or an Error) into a failed Result, code kept. */
export function errorToResult(error: unknown): Result<never> {
  const e = error as { code?: unknown; message?: unknown; data?: unknown } | null;
  if (e && typeof e.code === 'number') {
    return err(e.code, typeof e.message === 'string' && e.message ? e.message : Message.SomethingWentWrong, e.data);
  }
  return err(ErrorCode.InternalError, error instanceof Error && error.message ? error.message : typeof error === 'string' ? error : Message.SomethingWentWrong);
}

/**
 * Picks the session's eip155 account: the one on `preferred` (CAIP-2) when
 * the session has it, else the first. Null when the session has no eip155
 * account.
 */
export function sessionAccount(provider: WalletConnectProvider, preferred?: string): SessionAccount | null {
  const session = provider.session;
  const accounts = session?.namespaces?.eip155?.accounts ?? [];
  const parsed = accounts
    .map((caip) => caip.split(':'))
    .filter((parts): parts is [string, string, string] => parts.length === 3 && isEvmAddress(parts[2]!));
  const pick = parsed.find(([ns, ref]) => `${ns}:${ref}` === preferred) ?? parsed[0];
  if (!pick) return null;
  const meta = session?.peer?.metadata;
  return {
    address: toChecksumAddress(pick[2]),
    chainId: Number(pick[1]),
    peerName: meta?.name ?? 'WalletConnect',
    peerIcon: meta?.icons?.[0],
  };
}

let pairing = 0;

/**
 * Proposes a session for the configured networks (namespaces from
 * {@link buildNamespaces}, all optional so a wallet approves what it
 * supports). `onUri` receives the `wc:` pairing URI to show as a QR code /
 * deep link. Resolves when the wallet approves, with the account on
 * `preferred` (the active network) when possible. A newer call or
 * {@link abortPairing} makes an older one resolve with -32603 'Pairing replaced'.
 * @returns the account, or the wallet's error (5000 'User rejected.' when the proposal is rejected), or -32603 on a relay failure.
 */
export async function connectSession(onUri: (uri: string) => void, preferred?: string): Promise<Result<SessionAccount>> {
  const id = ++pairing;
  try {
    const provider = await getProvider();
    if (provider.session) await provider.disconnect().catch(() => undefined);
    const listener = (uri: string) => {
      if (id === pairing) onUri(uri);
    };
    provider.on('display_uri', listener);
    try {
      await provider.connect({ optionalNamespaces: buildNamespaces(getNetworks()) });
    } finally {
      provider.removeListener('display_uri', listener);
    }
    if (id !== pairing) return err(ErrorCode.InternalError, 'Pairing replaced');
    const account = sessionAccount(provider, preferred);
    if (!account) {
      await provider.disconnect().catch(() => undefined);
      return err(ErrorCode.InternalError, 'The wallet approved no eip155 account');
    }
    return ok(account);
  } catch (error) {
    return errorToResult(error);
  }
}

/** Stops waiting for the current pairing (the visitor went back or asked for a fresh URI). */
export async function abortPairing(): Promise<void> {
  pairing++;
  const provider = await getProvider().catch(() => null);
  try {
    provider?.abortPairingAttempt();
  } catch {
    /* nothing pending */
  }
}

/**
 * Sends `request` to the wallet through the session on chain `caipNetworkId`
 * (CAIP-2). Signing and sending methods reach the wallet; reads go to the
 * namespace's rpcMap. Errors keep the wallet's code (4001 rejected …).
 * @returns 4900 'Disconnected' when there is no session.
 */
export async function sessionRequest(request: RpcRequest, caipNetworkId: CaipNetworkId): Promise<Result<unknown>> {
  try {
    const provider = await getProvider();
    if (!provider.session) return err(ErrorCode.Disconnected, 'Disconnected');
    return ok(await provider.request({ method: request.method, params: request.params ?? [] }, caipNetworkId));
  } catch (error) {
    return errorToResult(error);
  }
}

/**
 * Switches the session's chain (spec §4 'Network switching … the
 * WalletConnect session'): a chain the session approved becomes the
 * provider's default chain at once (requests carry the CAIP-2 chain); for
 * another chain the wallet is asked with `wallet_switchEthereumChain` through
 * the session. Errors keep the wallet's code (4001, 4902 …).
 */
export async function sessionSwitchChain(network: Network): Promise<Result<null>> {
  try {
    const provider = await getProvider();
    if (!provider.session) return err(ErrorCode.Disconnected, 'Disconnected');
    await provider.request(
      { method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(Number(network.id)) }] },
      network.caipNetworkId,
    );
    return ok(null);
  } catch (error) {
    return errorToResult(error);
  }
}

/** Deletes the session with the wallet (spec §4 disconnect); errors (no session, relay down) are ignored. */
export async function deleteSession(): Promise<void> {
  try {
    const provider = await getProvider();
    if (provider.session) await provider.disconnect();
  } catch {
    /* already gone */
  }
}

/**
 * After a reload: the provider restores its stored session (no new pairing,
 * issue 3 §1). Returns the account on `preferred` when possible, or null when
 * no (valid) session is stored or the provider cannot start.
 */
export async function restoreSession(preferred?: string): Promise<SessionAccount | null> {
  try {
    const provider = await getProvider();
    return provider.session ? sessionAccount(provider, preferred) : null;
  } catch {
    return null;
  }
}

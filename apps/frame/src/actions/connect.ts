import { ErrorCode, Message, formatCaipAddress, type CaipNetworkId, type WalletAnnouncement } from '@airlock/protocol';
import { getAccounts, getChainId, requestAccounts } from '../connectors/injected.ts';
import { initialAccount, useAccountStore } from '../stores/account.ts';
import { useConnectionStore } from '../stores/connection.ts';
import { addRecent, useConnectorsStore } from '../stores/connectors.ts';
import { shakeModal, useModalStore } from '../stores/modal.ts';
import { useNetworkStore } from '../stores/network.ts';
import { findNetwork } from '../stores/options.ts';
import { saveActiveNetwork, saveConnectedConnector, saveRecentWallets } from '../stores/persistence.ts';
import { currentRoute, pushRoute, replaceRoute, resetRoute } from '../stores/router.ts';
import { refreshBalance } from './balance.ts';
import { emitAccountsChanged, emitChainChanged, emitConnect } from './events.ts';
import { closeModal, resolveAccountsWaiters, settleAccountsWaiters } from './modal.ts';
import { err } from '@airlock/protocol';

let attempt = 0;

/** Cancels a running connection attempt (its late result is ignored). */
export function cancelConnect(): void {
  attempt++;
}

/**
 * Connects a page wallet (spec §4 'On connect'): shows ConnectingExternal,
 * asks the wallet (`eth_requestAccounts`, a prompt with Timeout.person), reads
 * its chain, then records the account. On 4001 the view shows 'Connection
 * rejected' and pending `eth_requestAccounts` reject with 4001 'Connection
 * rejected'; other errors show 'Failed to connect' with the message.
 * Both shake the modal (spec §2, 500 ms).
 */
export async function connectWallet(wallet: WalletAnnouncement): Promise<void> {
  const id = ++attempt;
  const before = useConnectionStore.getState();
  useConnectionStore.setState({ status: 'connecting', connectError: null });
  const route = { view: 'ConnectingExternal', wallet } as const;
  if (currentRoute().view === 'ConnectingExternal') replaceRoute(route);
  else pushRoute(route);

  const accounts = await requestAccounts(wallet.uuid);
  const chain = accounts.ok ? await getChainId(wallet.uuid) : null;
  if (id !== attempt) return;
  const failure = !accounts.ok ? accounts.error : chain && !chain.ok ? chain.error : null;
  if (failure || !accounts.ok || !chain?.ok) {
    const rejected = failure?.code === ErrorCode.UserRejected;
    const error = rejected ? { code: ErrorCode.UserRejected, message: Message.ConnectionRejected } : failure!;
    useConnectionStore.setState({
      status: before.status === 'connected' ? 'connected' : 'disconnected',
      connector: before.status === 'connected' ? before.connector : null,
      connectError: error,
    });
    shakeModal();
    if (rejected) settleAccountsWaiters(err(ErrorCode.UserRejected, Message.ConnectionRejected));
    return;
  }
  completeConnection(wallet, accounts.value[0]!, chain.value, false);
}

/**
 * Silent reconnect (spec §4 'Reconnect'): `eth_accounts` (no prompt) and
 * `eth_chainId` on the remembered wallet. Returns false (and changes nothing)
 * when the wallet has no authorised account or fails.
 */
export async function reconnectSilently(wallet: WalletAnnouncement): Promise<boolean> {
  const id = attempt;
  const accounts = await getAccounts(wallet.uuid);
  if (!accounts.ok || accounts.value.length === 0) return false;
  const chain = await getChainId(wallet.uuid);
  if (!chain.ok || id !== attempt) return false;
  completeConnection(wallet, accounts.value[0]!, chain.value, true);
  return true;
}

/**
 * Records a connection (spec §4 'On connect: address recorded, network and
 * balance synced, connector remembered in local storage'), emits EIP-1193
 * `connect` and `accountsChanged` (and `chainChanged` when the wallet's chain
 * differs from the active one), settles pending `eth_requestAccounts` and
 * (after a prompt) closes the modal, or shows UnsupportedChain when the
 * wallet's chain is not configured.
 */
export function completeConnection(
  wallet: WalletAnnouncement,
  address: `0x${string}`,
  chainId: number,
  silent: boolean,
): void {
  const caipNetworkId = `eip155:${chainId}` as CaipNetworkId;
  const network = findNetwork(caipNetworkId);
  const chainChanged = useNetworkStore.getState().caipNetworkId !== caipNetworkId;
  useNetworkStore.setState({ caipNetworkId, switching: null });
  if (network) saveActiveNetwork(caipNetworkId);
  useAccountStore.setState({ ...initialAccount, address, caipAddress: formatCaipAddress(caipNetworkId, address) });
  useConnectionStore.setState({ status: 'connected', connector: wallet, connectError: null });
  const recent = addRecent(useConnectorsStore.getState().recent, wallet.rdns);
  useConnectorsStore.setState({ recent });
  saveRecentWallets(recent);
  saveConnectedConnector('eip155', wallet.rdns);

  if (chainChanged) emitChainChanged(caipNetworkId);
  emitConnect(caipNetworkId);
  emitAccountsChanged([address]);
  resolveAccountsWaiters([address]);
  void refreshBalance();

  if (silent || !useModalStore.getState().open) return;
  if (network) closeModal();
  else resetRoute({ view: 'UnsupportedChain' });
}

import { formatCaipAddress, type CaipNetworkId, type WalletEvent } from '@airlock/protocol';
import { parseAccounts, parseChainId } from '../connectors/injected.ts';
import { useAccountStore } from '../stores/account.ts';
import { useConnectionStore } from '../stores/connection.ts';
import { useNetworkStore } from '../stores/network.ts';
import { refreshBalance } from './balance.ts';
import { disconnect } from './disconnect.ts';
import { emitAccountsChanged } from './events.ts';
import { applyChain } from './network.ts';
import { refreshWallets } from './wallets.ts';

/**
 * Handles a page-wallet event from the host (protocol WalletEvent):
 * - `announced`: reloads the wallet list;
 * - from the connected wallet only (matched by uuid): `accountsChanged`
 *   (empty = disconnected; otherwise the first account becomes the account and
 *   the dapp gets `accountsChanged`), `chainChanged` (hex → active network,
 *   dapp gets `chainChanged`), `disconnect`.
 * Malformed accounts or chain ids are ignored.
 */
export async function handleWalletEvent(event: WalletEvent): Promise<void> {
  if (event.type === 'announced') {
    await refreshWallets();
    return;
  }
  const { status, connector } = useConnectionStore.getState();
  if (status !== 'connected' || !connector || connector.uuid !== event.uuid) return;
  if (event.type === 'disconnect') {
    disconnect();
    return;
  }
  if (event.type === 'chainChanged') {
    const chain = parseChainId(event.chainId);
    if (chain.ok) applyChain(`eip155:${chain.value}` as CaipNetworkId);
    return;
  }
  const accounts = parseAccounts(event.accounts);
  if (!accounts.ok) return;
  const address = accounts.value[0];
  if (!address) {
    disconnect();
    return;
  }
  if (address === useAccountStore.getState().address) return;
  const caipNetworkId = useNetworkStore.getState().caipNetworkId;
  useAccountStore.setState({ address, caipAddress: formatCaipAddress(caipNetworkId, address), balance: null, balanceSymbol: null });
  emitAccountsChanged([address]);
  void refreshBalance();
}

import { ErrorCode, Timeout, err, ok, validate, type CaipNetworkId, type Result } from '@airlock/protocol';
import { polkadotSs58Format } from '@airlock/protocol/polkadot';
import type { PolkadotWalletRequest } from '@airlock/protocol/polkadotWallets';
import { z } from 'zod/mini';
import type { HostClient } from '../../host/client.ts';
import type { PageWallet, PageWalletImplementation } from '../pageWallets.ts';
import type { ConnectorEvents, ConnectorSession } from '../types.ts';
import { polkadotAccounts, type PolkadotAccount } from './accounts.ts';
import { routePolkadotRequest } from './requests.ts';

/**
 * The injected-extension page-wallet connector: talks to the bridged extension `wallet`
 * (`window.injectedWeb3[id]`) through the host's `polkadot.request`. Connect asks `enable(dappName)`
 * (the extension's prompt), then `accounts.get`; the session's accounts are its accounts in the
 * network's SS58 format (first = the one used). A reload's reconnect asks the same with the short
 * timeout (an extension that approved the site answers at once). Switching between polkadot
 * networks re-encodes the addresses (the keys stay). Account changes (`accounts.subscribe`, sent
 * as `polkadotChange`) update the list. Requests of the dapp's polkadot provider go to
 * requests.ts. Loaded on first use (index.ts).
 */
export function createPolkadotConnector(
  wallet: PageWallet,
  host: HostClient,
  events: ConnectorEvents,
  dappName: string,
): PageWalletImplementation {
  let accounts: PolkadotAccount[] = [];
  let network: CaipNetworkId | undefined;
  const call = (request: PolkadotWalletRequest, quick = false): Promise<Result<unknown>> =>
    host.extensionCall('polkadot', 'request', [wallet.id, request], quick ? Timeout.read : Timeout.person);
  const connect = async (caipNetworkId: CaipNetworkId | undefined, quick: boolean) => {
    if (!caipNetworkId || polkadotSs58Format(caipNetworkId) === undefined)
      return err(ErrorCode.ChainDisconnected, 'Network Not Found: no Polkadot network is configured');
    const enabled = await call({ method: 'enable', params: [dappName.slice(0, 128)] }, quick);
    if (!enabled.ok) return enabled;
    const listed = await call({ method: 'accounts.get', params: [] }, true);
    if (!listed.ok) return listed;
    const list = validate(z.array(z.unknown()).check(z.maxLength(64)), listed.value);
    if (!list.ok) return err(ErrorCode.InternalError, `${wallet.name} answered a malformed account list`);
    const found = polkadotAccounts(list.value, caipNetworkId);
    if (found.length === 0) return err(ErrorCode.UserRejected, `${wallet.name} shared no account`);
    accounts = found;
    network = caipNetworkId;
    return ok<ConnectorSession>({
      accounts: found.map((a) => a.address),
      caipNetworkId,
      name: wallet.name,
      icon: wallet.icon,
    });
  };
  return {
    connect: (options) => connect(options?.caipNetworkId, false),
    async restore(caipNetworkId) {
      const result = await connect(caipNetworkId, true);
      return result.ok ? result.value : null;
    },
    async disconnect() {
      accounts = [];
    },
    request: (rpc, caipNetworkId) =>
      routePolkadotRequest(rpc, { wallet, accounts, caipNetworkId: caipNetworkId ?? network, call: (r) => call(r) }),
    async switchNetwork(target) {
      const moved = polkadotAccounts(
        accounts.map((a) => ({ address: a.given, name: a.name })),
        target.caipNetworkId,
      );
      if (moved.length === 0) return err(ErrorCode.ChainDisconnected, `${wallet.name} has no account there`);
      const changed = moved[0]!.address !== accounts[0]?.address;
      accounts = moved;
      network = target.caipNetworkId;
      if (changed) events.onAccountsChanged(moved.map((a) => a.address));
      return ok(null);
    },
    receive(addresses) {
      if (!network || accounts.length === 0) return;
      const found = polkadotAccounts(
        addresses.map((address) => ({ address })),
        network,
      );
      const names = new Map(accounts.map((a) => [a.address, a.name]));
      accounts = found.map((a) => ({ ...a, name: names.get(a.address) }));
      events.onAccountsChanged(found.map((a) => a.address));
    },
  };
}

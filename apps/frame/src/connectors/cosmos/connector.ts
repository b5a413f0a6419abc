import { ErrorCode, Timeout, err, ok, validate, type CaipNetworkId, type Result } from '@airlock/protocol';
import { cosmosBech32Prefix, parseCosmosAddress } from '@airlock/protocol/cosmos';
import { CosmosKeySchema, type CosmosWalletRequest } from '@airlock/protocol/cosmosWallets';
import type { HostClient } from '../../host/client.ts';
import type { PageWallet, PageWalletImplementation } from '../pageWallets.ts';
import type { ConnectorEvents, ConnectorSession } from '../types.ts';
import { cosmosChainInfo } from './chainInfo.ts';
import { routeKeplrRequest, type CosmosAccount } from './requests.ts';

/**
 * The chain id of a cosmos CAIP-2 id the protocol knows (`cosmos:cosmoshub-4` → `cosmoshub-4`),
 * or null for another namespace or an unknown network (whose addresses cannot be checked).
 */
export const cosmosChainId = (caipNetworkId: string | undefined): string | null =>
  caipNetworkId && cosmosBech32Prefix(caipNetworkId) ? caipNetworkId.slice(caipNetworkId.indexOf(':') + 1) : null;

/**
 * The Keplr-shaped page-wallet connector: talks to the bridged wallet `wallet` (`window.keplr` or
 * `window.leap`, by its id) through the host's `cosmos.request`. Connect asks `enable([chainId])`
 * of the network (the wallet's prompt; a wallet that lacks the network is first suggested it with
 * `experimentalSuggestChain` and the frame's own chain info, chainInfo.ts), then `getKey(chainId)`, whose address must be a valid
 * bech32 account of that network (`parseCosmosAddress`). A reload's reconnect asks the same with
 * the short timeout (a wallet that approved the site answers without a prompt). Switching to
 * another cosmos network enables it and reads the key again (the address's prefix changes with
 * the network). A `keplr_keystorechange` reads the key again. Requests of the dapp's cosmos
 * provider go to requests.ts. Loaded on first use (index.ts). `localLcdUrl`: the local network's
 * LCD URL from the frame's deployment (`cosmosLocalLcdUrl`), named in its suggested chain info.
 */
export function createCosmosConnector(
  wallet: PageWallet,
  host: HostClient,
  events: ConnectorEvents,
  localLcdUrl?: string | null,
): PageWalletImplementation {
  let account: CosmosAccount | null = null;
  let network: CaipNetworkId | undefined;
  const call = (request: CosmosWalletRequest, quick = false): Promise<Result<unknown>> =>
    host.extensionCall('cosmos', 'request', [wallet.id, request], quick ? Timeout.read : Timeout.person);
  /** The wallet's key on `caipNetworkId`, checked; enables the chain first. */
  const keyOn = async (caipNetworkId: CaipNetworkId, quick: boolean): Promise<Result<CosmosAccount>> => {
    const chainId = cosmosChainId(caipNetworkId);
    if (!chainId) return err(ErrorCode.ChainDisconnected, 'Network Not Found: no Cosmos network is configured');
    let enabled = await call({ method: 'enable', params: [[chainId]] }, quick);
    // A wallet that lacks the network: suggest it (the frame's own chain info), then enable again.
    // Not on a reload's quiet reconnect (no prompt then), nor after the visitor's no (4001).
    const info =
      !enabled.ok &&
      !quick &&
      enabled.error.code !== ErrorCode.UserRejected &&
      cosmosChainInfo(caipNetworkId, localLcdUrl);
    if (info) {
      const suggested = await call({ method: 'experimentalSuggestChain', params: [info] });
      if (!suggested.ok) return suggested;
      enabled = await call({ method: 'enable', params: [[chainId]] });
    }
    if (!enabled.ok) return enabled;
    const key = await call({ method: 'getKey', params: [chainId] }, true);
    if (!key.ok) return key;
    const parsed = validate(CosmosKeySchema, key.value);
    if (!parsed.ok) return err(ErrorCode.InternalError, `Wallet returned a malformed key: ${parsed.error.message}`);
    const address = parsed.value.bech32Address.toLowerCase();
    if (!parseCosmosAddress(address, caipNetworkId).ok)
      return err(ErrorCode.InternalError, `${wallet.name} answered an address of another network`);
    return ok({ address, pubKey: parsed.value.pubKey, algo: parsed.value.algo ?? 'secp256k1' });
  };
  const connect = async (caipNetworkId: CaipNetworkId | undefined, quick: boolean) => {
    if (!caipNetworkId) return err(ErrorCode.ChainDisconnected, 'Network Not Found: no Cosmos network is configured');
    const found = await keyOn(caipNetworkId, quick);
    if (!found.ok) return found;
    account = found.value;
    network = caipNetworkId;
    return ok<ConnectorSession>({ accounts: [account.address], caipNetworkId, name: wallet.name, icon: wallet.icon });
  };
  return {
    connect: (options) => connect(options?.caipNetworkId, false),
    async restore(caipNetworkId) {
      const result = await connect(caipNetworkId, true);
      return result.ok ? result.value : null;
    },
    async disconnect() {
      account = null;
    },
    request: (rpc, caipNetworkId) =>
      routeKeplrRequest(rpc, {
        wallet,
        account,
        chainId: cosmosChainId(caipNetworkId ?? network),
        call: (request) => call(request),
      }),
    async switchNetwork(target) {
      const found = await keyOn(target.caipNetworkId, false);
      if (!found.ok) return found;
      const changed = found.value.address !== account?.address;
      account = found.value;
      network = target.caipNetworkId;
      if (changed) events.onAccountsChanged([account.address]);
      return ok(null);
    },
    receive() {
      // `keplr_keystorechange` names no account: read the key of the connected network again.
      if (!network || !account) return;
      void keyOn(network, true).then((found) => {
        if (!found.ok || !account) return;
        if (found.value.address === account.address) return;
        account = found.value;
        events.onAccountsChanged([account.address]);
      });
    },
  };
}

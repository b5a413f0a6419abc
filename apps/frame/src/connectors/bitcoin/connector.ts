import { ErrorCode, Message, Timeout, err, ok, validate, type CaipNetworkId, type Result } from '@airlock/protocol';
import { bip122WalletStandardChain, parseBip122Address } from '@airlock/protocol/bip122';
import {
  Bip122FeatureOutputSchemas,
  type Bip122FeatureRequest,
  type Bip122Wallet,
} from '@airlock/protocol/bip122Wallets';
import type { HostClient } from '../../host/client.ts';
import type { PageWalletImplementation } from '../pageWallets.ts';
import type { ConnectorEvents, ConnectorSession } from '../types.ts';
import { routeBitcoinRequest, type Bip122Account } from './requests.ts';

/**
 * The accounts of a wallet's answer, each checked for the network (`parseBip122Address`): the
 * payment account first (the first that is not taproot), then the ordinals one (the first
 * taproot, BIP-341, where inscriptions live). Null when an address is not of that network.
 */
export function bip122Accounts(
  addresses: readonly { address: string; publicKey?: Uint8Array }[],
  caipNetworkId: string,
): Bip122Account[] | null {
  const typed = [];
  for (const { address, publicKey } of addresses) {
    const parsed = parseBip122Address(address, caipNetworkId);
    if (!parsed.ok) return null;
    typed.push({ address, type: parsed.type, publicKey });
  }
  const payment = typed.find((a) => a.type !== 'p2tr') ?? typed[0];
  const ordinals = typed.find((a) => a.type === 'p2tr' && a !== payment);
  const accounts: Bip122Account[] = [];
  if (payment) accounts.push({ address: payment.address, purpose: 'payment', publicKey: payment.publicKey });
  if (ordinals) accounts.push({ address: ordinals.address, purpose: 'ordinals', publicKey: ordinals.publicKey });
  return accounts;
}

/**
 * The Bitcoin page-wallet connector: talks to the bridged Wallet Standard wallet `wallet` (by the
 * id the host gave it) through the host's `bitcoin.request`, checks every output against the
 * protocol's schemas (`Bip122FeatureOutputSchemas`) and every address against the network
 * (`parseBip122Address`). Connect asks `bitcoin:connect` for the `payment` and `ordinals`
 * purposes; a reload's reconnect asks `standard:connect` silently. The session's accounts are
 * [payment, ordinals]. Requests of the dapp's bip122 provider go to requests.ts.
 * Loaded on first use (index.ts).
 */
export function createBitcoinConnector(
  wallet: Bip122Wallet,
  host: HostClient,
  events: ConnectorEvents,
): PageWalletImplementation {
  let accounts: Bip122Account[] = [];
  let network: CaipNetworkId | undefined;
  const call = async <F extends keyof typeof Bip122FeatureOutputSchemas>(
    feature: F,
    input: Extract<Bip122FeatureRequest, { feature: F }>['input'],
    quick = false,
  ): Promise<Result<unknown>> => {
    if (!wallet.features.includes(feature)) return err(ErrorCode.UnsupportedMethod, `${wallet.name} has no ${feature}`);
    const answer = await host.extensionCall(
      'bitcoin',
      'request',
      [wallet.id, { feature, input }],
      quick ? Timeout.read : Timeout.person,
    );
    if (!answer.ok) return answer;
    const parsed = validate(Bip122FeatureOutputSchemas[feature], answer.value);
    return parsed.ok
      ? parsed
      : err(ErrorCode.InternalError, `Wallet returned a malformed answer: ${parsed.error.message}`);
  };
  const connect = async (
    silent: boolean,
    caipNetworkId: CaipNetworkId | undefined,
  ): Promise<Result<ConnectorSession>> => {
    const chain = caipNetworkId && bip122WalletStandardChain(caipNetworkId);
    if (!caipNetworkId || !chain)
      return err(ErrorCode.ChainDisconnected, 'Network Not Found: no Bitcoin network is configured');
    if (wallet.chains.length > 0 && !wallet.chains.includes(chain))
      return err(ErrorCode.ChainDisconnected, `${wallet.name} does not support ${chain}`);
    const answer = silent
      ? await call('standard:connect', { silent: true }, true)
      : await call('bitcoin:connect', { purposes: ['payment', 'ordinals'] });
    if (!answer.ok) return answer;
    const found = bip122Accounts(
      (answer.value as { accounts: { address: string; publicKey: Uint8Array }[] }).accounts,
      caipNetworkId,
    );
    if (!found) return err(ErrorCode.InternalError, `${wallet.name} answered an address of another network`);
    if (found.length === 0) return err(ErrorCode.UserRejected, Message.ConnectionRejected);
    accounts = found;
    network = caipNetworkId;
    return ok({
      accounts: found.map((a) => a.address),
      caipNetworkId,
      name: wallet.name,
      icon: wallet.icon,
    });
  };
  return {
    connect: (options) => connect(false, options?.caipNetworkId),
    async restore(caipNetworkId) {
      if (!wallet.features.includes('standard:connect')) return null;
      const result = await connect(true, caipNetworkId);
      return result.ok ? result.value : null;
    },
    async disconnect() {
      if (wallet.features.includes('standard:disconnect')) await call('standard:disconnect', {}, true);
      accounts = [];
    },
    request: (rpc, caipNetworkId) =>
      routeBitcoinRequest(rpc, { wallet, accounts, caipNetworkId: caipNetworkId ?? network, call: call as never }),
    // Wallet Standard wallets take the chain with each request: switching is local, checked per request.
    switchNetwork: async () => ok(null),
    receive(addresses) {
      if (!network || accounts.length === 0) return;
      const found = bip122Accounts(
        addresses.map((address) => ({ address })),
        network,
      );
      if (!found) return;
      accounts = found.map((a) => ({ ...a, publicKey: accounts.find((b) => b.address === a.address)?.publicKey }));
      events.onAccountsChanged(found.map((a) => a.address));
    },
  };
}

import {
  cancelled,
  EIP5792_METHODS,
  ErrorCode,
  Message,
  err,
  ok,
  toHexChainId,
  type WalletAnnouncement,
  type WalletEvent,
} from '@airlock/protocol';
import type { HostClient } from '../../host/client.ts';
import type { Connector, ConnectorEvents, ConnectorSession } from '../types.ts';
import { addChainParams, parseAccounts, parseChainId } from './parse.ts';

/** A wallet's answers that mean "no such method": EIP-1193 4200, JSON-RPC -32601 (method not found). */
const UNSUPPORTED: ReadonlySet<number> = new Set([ErrorCode.UnsupportedMethod, ErrorCode.MethodNotFound]);

/** The injected connector plus the entry for its wallet's events, which only the host bridge delivers. */
export type InjectedConnector = Connector & {
  /** The announced wallet it talks to. */
  readonly wallet: WalletAnnouncement;
  /** An event of THIS wallet as the host reported it (`walletEvent` with this uuid); malformed values are ignored. */
  receive(event: Extract<WalletEvent, { uuid: string }>): void;
};

/**
 * The host-bridged EIP-6963 connector's implementation (index.ts defines the connector around it): talks to the page wallet `wallet` (by uuid)
 * through the host's `wallets.request`, and checks everything the wallet returns.
 */
export function createInjectedConnector(
  wallet: WalletAnnouncement,
  host: HostClient,
  events: ConnectorEvents,
): Omit<InjectedConnector, 'name' | 'icon' | 'namespaces'> {
  let attempt = 0;
  const request = (method: string, params?: unknown[]) =>
    host.walletRequest(wallet.uuid, params ? { method, params } : { method });
  const session = (accounts: `0x${string}`[], chainId: number): ConnectorSession => ({
    accounts,
    chainId,
    name: wallet.name,
    icon: wallet.icon,
  });
  const chain = async () => {
    const result = await request('eth_chainId');
    return result.ok ? parseChainId(result.value) : result;
  };
  return {
    id: wallet.uuid,
    type: 'ANNOUNCED',
    ref: { type: 'injected', rdns: wallet.rdns },
    wallet,
    async connect() {
      const id = ++attempt;
      const answer = await request('eth_requestAccounts');
      const accounts = answer.ok ? parseAccounts(answer.value) : answer;
      if (!accounts.ok) return accounts;
      if (accounts.value.length === 0) return err(ErrorCode.UserRejected, Message.ConnectionRejected);
      const chainId = await chain();
      if (id !== attempt) return cancelled('aborted');
      return chainId.ok ? ok(session(accounts.value, chainId.value)) : chainId;
    },
    async restore() {
      const answer = await request('eth_accounts');
      const accounts = answer.ok ? parseAccounts(answer.value) : answer;
      if (!accounts.ok || accounts.value.length === 0) return null;
      const chainId = await chain();
      return chainId.ok ? session(accounts.value, chainId.value) : null;
    },
    async disconnect() {
      // EIP-1193 has no disconnect for page wallets. EIP-2255 `wallet_revokePermissions`
      // withdraws the account permission, so the wallet asks again on the next connect and
      // its own UI stops showing this page as connected. Not awaited: a wallet without it
      // answers 4200, one that asks the person may take long, and the widget has already
      // forgotten the wallet either way.
      void request('wallet_revokePermissions', [{ eth_accounts: {} }]);
    },
    async request(rpc) {
      const result = await host.walletRequest(wallet.uuid, rpc);
      // EIP-5792 passes through to a wallet that has it; one without it gets a 4200 that names the method.
      if (!result.ok && EIP5792_METHODS.has(rpc.method) && UNSUPPORTED.has(result.error.code))
        return err(ErrorCode.UnsupportedMethod, `${wallet.name} does not support ${rpc.method} (EIP-5792)`);
      return result;
    },
    async switchNetwork(network) {
      const chainId = toHexChainId(Number(network.id));
      const switchOnce = () => request('wallet_switchEthereumChain', [{ chainId }]);
      let result = await switchOnce();
      if (!result.ok && result.error.code === ErrorCode.UnrecognizedChain) {
        const added = await request('wallet_addEthereumChain', [addChainParams(network)]);
        if (!added.ok) return added;
        result = await switchOnce();
      }
      return result.ok ? ok(null) : result;
    },
    cancel() {
      attempt++;
    },
    receive(event) {
      if (event.type === 'disconnect') return events.onDisconnect();
      if (event.type === 'chainChanged') {
        const id = parseChainId(event.chainId);
        if (id.ok) events.onChainChanged(id.value);
        return;
      }
      const accounts = parseAccounts(event.accounts);
      if (accounts.ok) events.onAccountsChanged(accounts.value);
    },
  };
}

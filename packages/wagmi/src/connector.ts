import {
  createWidget,
  type Connection,
  type EIP1193Provider,
  type ProviderEvents,
  type Widget,
  type WidgetOptions,
} from '@airlock/host-sdk';
import { createConnector } from '@wagmi/core';
import { type Address, type Chain, getAddress, SwitchChainError, UserRejectedRequestError } from 'viem';

/** Parameters of {@link airlock}: the widget, a function creating it (called once, on the client), or its options. */
export type AirlockParameters =
  | {
      /** The widget from `createWidget`, or a function returning it (called lazily in the browser, once). */
      widget: Widget | (() => Widget);
      options?: never;
    }
  | {
      /** `createWidget` options; the connector creates the widget lazily in the browser, once. */
      options: WidgetOptions;
      widget?: never;
    };

/** The wagmi connector type of Airlock (`connector.type`). */
export const AIRLOCK_CONNECTOR_TYPE = 'airlock';

/** Reverse-DNS id of the widget (EIP-6963 `rdns`), so wagmi does not list the same widget twice. */
export const AIRLOCK_RDNS = 'xyz.airlock';

/** Adds `listener` to `provider` for `event` and returns it. */
const on = <E extends keyof ProviderEvents>(
  provider: EIP1193Provider,
  event: E,
  listener: (data: ProviderEvents[E]) => void,
) => {
  provider.on(event, listener);
  return listener;
};

/** An EIP-1193 error's numeric `code`, or `undefined`. */
const codeOf = (e: unknown) => (e as { code?: unknown } | null)?.code;

/**
 * A wagmi connector over the Airlock widget's EIP-1193 provider (`widget.getProvider('eip155')`):
 * add it to `connectors` in `createConfig` and use wagmi's actions and hooks unchanged.
 *
 * - `connect` sends `eth_requestAccounts`, which opens the widget's modal while disconnected and
 *   resolves when the visitor connects; closing the modal rejects with wagmi's `UserRejectedRequestError` (4001).
 *   With `chainId`, it then switches to that chain.
 * - `switchChain` goes through `widget.switchNetwork('eip155:<id>')` (the chain must be one of the
 *   widget's `networks`; 4901 becomes wagmi's `SwitchChainError`, 4001 `UserRejectedRequestError`).
 * - `disconnect` is `widget.disconnect()`; `isAuthorized` (wagmi's reconnect after a reload) is
 *   `eth_accounts` being non-empty: the frame answers after restoring its session.
 * - Events: the provider's `accountsChanged`, `chainChanged`, `connect` and `disconnect` (EIP-1193).
 * - `getActiveConnection()` (multi-wallet, spec §1, §6): the widget's active eip155 connection
 *   (`widget.getConnections('eip155')`, the one marked `active`: which wallet, connector id and
 *   account type the connector's accounts come from), or `undefined` when there is none or the
 *   project's `multiWallet` feature is off (the modal then shows the 'Multi-Wallet Not Enabled'
 *   alert). Read it again after wagmi's `change` event: switching the active connection in the
 *   widget changes the accounts wagmi sees.
 *
 * Nothing touches `window` until wagmi asks for the provider, so a config created at module
 * level is safe under server rendering.
 */
export function airlock(parameters: AirlockParameters) {
  let widget: Widget | undefined;
  const getWidget = (): Widget => {
    if (widget) return widget;
    if (parameters.options) widget = createWidget(parameters.options);
    else widget = typeof parameters.widget === 'function' ? parameters.widget() : parameters.widget;
    return widget;
  };

  let accountsChanged: ((accounts: string[]) => void) | undefined;
  let chainChanged: ((chainId: string) => void) | undefined;
  let connect: ((info: { chainId: string }) => void) | undefined;
  let disconnect: ((error: ProviderEvents['disconnect']) => void) | undefined;

  /** The connector's event handlers, as wagmi binds them. */
  type Handlers = {
    onAccountsChanged(accounts: string[]): void;
    onChainChanged(chainId: string): void;
    onConnect?(info: { chainId: string }): void;
    onDisconnect(error?: Error): void;
  };
  /** Subscribes to the provider's EIP-1193 events, once per connection. */
  const listen = (self: Handlers, provider: EIP1193Provider) => {
    if (connect) {
      provider.removeListener('connect', connect);
      connect = undefined;
    }
    accountsChanged ??= on(provider, 'accountsChanged', self.onAccountsChanged.bind(self));
    chainChanged ??= on(provider, 'chainChanged', self.onChainChanged.bind(self));
    disconnect ??= on(provider, 'disconnect', self.onDisconnect.bind(self));
  };
  /** Removes the connection's listeners and listens for the next `connect`. */
  const unlisten = (self: Handlers, provider: EIP1193Provider) => {
    if (accountsChanged) provider.removeListener('accountsChanged', accountsChanged);
    if (chainChanged) provider.removeListener('chainChanged', chainChanged);
    if (disconnect) provider.removeListener('disconnect', disconnect);
    accountsChanged = chainChanged = disconnect = undefined;
    if (self.onConnect) connect ??= on(provider, 'connect', self.onConnect.bind(self));
  };

  return createConnector<
    EIP1193Provider,
    { getWidget(): Widget; getActiveConnection(): Promise<Connection | undefined> }
  >((config) => ({
    id: 'airlock',
    name: 'Airlock',
    type: AIRLOCK_CONNECTOR_TYPE,
    rdns: AIRLOCK_RDNS,
    getWidget,

    async getActiveConnection() {
      return (await getWidget().getConnections('eip155')).find((c) => c.active);
    },

    async setup() {
      if (typeof window === 'undefined') return;
      const provider = await this.getProvider();
      if (!connect) {
        connect = this.onConnect!.bind(this);
        provider.on('connect', connect);
      }
    },

    async connect({ chainId, isReconnecting, withCapabilities } = {}) {
      const provider = await this.getProvider();
      let accounts: readonly Address[] = [];
      if (isReconnecting) accounts = await this.getAccounts().catch(() => []);
      if (!accounts.length) {
        try {
          const requested = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
          accounts = requested.map((a) => getAddress(a));
        } catch (error) {
          if (codeOf(error) === UserRejectedRequestError.code) throw new UserRejectedRequestError(error as Error);
          throw error;
        }
      }
      listen(this, provider);
      let currentChainId = await this.getChainId();
      if (chainId && currentChainId !== chainId) {
        const chain = await this.switchChain!({ chainId }).catch((error) => {
          if (codeOf(error) === UserRejectedRequestError.code) throw error;
          return { id: currentChainId };
        });
        currentChainId = chain.id;
      }
      return {
        accounts: (withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts) as never,
        chainId: currentChainId,
      };
    },

    async disconnect() {
      const provider = await this.getProvider();
      unlisten(this, provider);
      await getWidget().disconnect();
    },

    async getAccounts() {
      const provider = await this.getProvider();
      const accounts = (await provider.request({ method: 'eth_accounts' })) as string[];
      return accounts.map((a) => getAddress(a));
    },

    async getChainId() {
      const provider = await this.getProvider();
      return Number(await provider.request({ method: 'eth_chainId' }));
    },

    async getProvider() {
      return getWidget().getProvider('eip155');
    },

    async isAuthorized() {
      try {
        return (await this.getAccounts()).length > 0;
      } catch {
        return false;
      }
    },

    async switchChain({ chainId }) {
      const chain = config.chains.find((c: Chain) => c.id === chainId);
      if (!chain) throw new SwitchChainError(new Error(`Chain ${chainId} is not configured in wagmi`));
      try {
        await getWidget().switchNetwork(`eip155:${chainId}`);
      } catch (error) {
        if (codeOf(error) === UserRejectedRequestError.code) throw new UserRejectedRequestError(error as Error);
        throw new SwitchChainError(error as Error);
      }
      config.emitter.emit('change', { chainId });
      return chain;
    },

    onAccountsChanged(accounts) {
      if (accounts.length === 0) this.onDisconnect();
      else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) });
    },

    onChainChanged(chain) {
      config.emitter.emit('change', { chainId: Number(chain) });
    },

    async onConnect(info) {
      const accounts = await this.getAccounts();
      if (!accounts.length) return;
      const provider = await this.getProvider();
      listen(this, provider);
      config.emitter.emit('connect', { accounts, chainId: Number(info.chainId) });
    },

    async onDisconnect() {
      const provider = await this.getProvider();
      unlisten(this, provider);
      config.emitter.emit('disconnect');
    },
  }));
}

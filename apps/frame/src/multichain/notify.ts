import { Timeout, type CaipNetworkId } from '@airlock/protocol';
import type { MultichainNotification, MultichainSession } from '@airlock/protocol/multichain';
import type { Frame } from '../store/frame.ts';
import { sessionScopesOf } from './scopes.ts';

/**
 * Follows the store while the multichain session lives and tells the host's `multichain.notify`
 * (the opt-in `@airlock/host-sdk/multichain` entry) what the dapp must learn: `wallet_sessionChanged
 * { sessionScopes }` (CAIP-311) each time the session's scopes change (a wallet connected,
 * disconnected, switched accounts or networks), and CAIP-319 `wallet_notify` `accountsChanged` for
 * a scope that granted it when its accounts change. Returns the unsubscribe. Failures of the host
 * are ignored.
 */
export function watchSession(frame: Frame): () => void {
  const send = (notification: MultichainNotification) => notify(frame, notification);
  const scopes = () => sessionScopesOf(frame.runtime.multichain, frame.store.getState());
  let last: MultichainSession['sessionScopes'] = scopes();
  const unsubscribe = frame.store.subscribe(() => {
    if (!frame.runtime.multichain) return;
    const next = scopes();
    if (JSON.stringify(next) === JSON.stringify(last)) return;
    for (const [id, scope] of Object.entries(next) as [CaipNetworkId, (typeof next)[CaipNetworkId]][]) {
      const before = last[id]?.accounts ?? [];
      if (scope.notifications.includes('accountsChanged') && JSON.stringify(before) !== JSON.stringify(scope.accounts))
        send({
          method: 'wallet_notify',
          params: {
            scope: id,
            notification: { method: 'accountsChanged', params: scope.accounts.map((a) => a.slice(id.length + 1)) },
          },
        });
    }
    last = next;
    send({ method: 'wallet_sessionChanged', params: { sessionScopes: next } });
  });
  return unsubscribe;
}

/** Sends `notification` to the host's `multichain.notify`; failures are ignored. */
export function notify(frame: Frame, notification: MultichainNotification): void {
  void frame.host.extensionCall('multichain', 'notify', [notification], Timeout.read);
}

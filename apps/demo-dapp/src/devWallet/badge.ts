import type { DevWalletProvider } from './provider.ts';

const short = (address: string): string => `${address.slice(0, 6)}…${address.slice(-4)}`;

/**
 * Mounts the 'Dev Wallet' badge fixed at the bottom left of `doc`: says it is a
 * dev-only wallet, shows the account (or 'Not connected') and the active chain, and,
 * while connected, a `Lock wallet` button that forgets the approval (the provider then
 * emits `accountsChanged []`). Follows `accountsChanged` and `chainChanged`.
 * @returns A function that removes the badge and its listeners.
 */
export function mountDevWalletBadge(provider: DevWalletProvider, doc: Document = document): () => void {
  const badge = doc.createElement('aside');
  badge.className = 'devwallet-badge';
  badge.setAttribute('aria-label', 'Dev Wallet');

  const title = doc.createElement('strong');
  title.textContent = 'Dev Wallet';
  const tag = doc.createElement('span');
  tag.className = 'devwallet-tag';
  tag.textContent = 'dev only';
  const state = doc.createElement('span');
  state.className = 'devwallet-badge__state';
  state.dataset.testid = 'devwallet-state';
  const lock = doc.createElement('button');
  lock.type = 'button';
  lock.className = 'devwallet-button devwallet-button--small';
  lock.textContent = 'Lock wallet';
  lock.addEventListener('click', () => provider.lock());

  // The state and the button agree: 'Lock wallet' exists only while the wallet is
  // connected to this page; otherwise the state says 'Not connected' and there is no button.
  const render = (): void => {
    const chain = provider.activeChain();
    const connected = provider.isConnected();
    state.textContent = `${connected ? short(provider.address) : 'Not connected'} · ${chain.name}`;
    lock.hidden = !connected;
  };
  provider.on('accountsChanged', render);
  provider.on('chainChanged', render);
  render();

  badge.append(title, tag, state, lock);
  doc.body.append(badge);
  return () => {
    provider.removeListener('accountsChanged', render);
    provider.removeListener('chainChanged', render);
    badge.remove();
  };
}

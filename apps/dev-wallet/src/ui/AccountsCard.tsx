import { useEffect } from 'react';
import { formatBalance } from '../balances.ts';
import type { WalletApp } from '../store.ts';
import { useWallet } from './useWallet.ts';

/** How often balances are re-read while the page is visible, ms. */
const BALANCE_POLL_MS = 5_000;

/** The anvil accounts with their balances on the active network, and the network picker. */
export function AccountsCard({ app }: { app: WalletApp }) {
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void app.actions.refreshBalances();
    }, BALANCE_POLL_MS);
    return () => clearInterval(timer);
  }, [app]);
  const addresses = useWallet(app.store, (s) => s.addresses);
  const balances = useWallet(app.store, (s) => s.balances);
  const active = useWallet(app.store, (s) => s.activeCaipNetworkId);
  return (
    <section className="card" aria-labelledby="accounts-title">
      <div className="card-head">
        <h2 id="accounts-title">Accounts</h2>
        <label className="network-picker">
          <span className="visually-hidden">Active network</span>
          <select
            aria-label="Active network"
            value={active}
            onChange={(event) => app.actions.setActiveNetwork(event.target.value)}
          >
            {app.config.networks.map((network) => (
              <option key={network.caipNetworkId} value={network.caipNetworkId}>
                {network.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ul className="accounts" data-testid="wallet-accounts">
        {addresses.map((address, index) => (
          <li key={address}>
            <span className="account-label">Account {index}</span>
            <code className="address">{address}</code>
            <span className="balance" data-testid={`wallet-balance-${index}`}>
              {formatBalance(balances[address])}
            </span>
          </li>
        ))}
      </ul>
      <button type="button" className="link" onClick={() => void app.actions.refreshBalances()}>
        Refresh balances
      </button>
    </section>
  );
}

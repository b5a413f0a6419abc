import { connectWallet } from '../actions/connect.ts';
import { orderWallets, useConnectorsStore } from '../stores/connectors.ts';
import { WalletIcon } from '../ui/WalletIcon.tsx';

/**
 * Connect (spec §2 default view): a button per wallet announced on the page
 * (EIP-6963), named by the wallet's name, recent wallets first with a
 * 'Recent' tag (at most 2, spec §9); an empty state when there is none.
 */
export function ConnectView() {
  const wallets = useConnectorsStore((s) => s.wallets);
  const recent = useConnectorsStore((s) => s.recent);
  const entries = orderWallets(wallets, recent);
  if (entries.length === 0) {
    return (
      <p className="airlock-empty">
        No wallet found in this browser. Install a browser wallet extension, then reload the page.
      </p>
    );
  }
  return (
    <ul className="airlock-list">
      {entries.map(({ wallet, recent: isRecent }) => (
        <li key={wallet.uuid}>
          <button
            type="button"
            className="airlock-list-item"
            aria-label={wallet.name}
            onClick={() => void connectWallet(wallet)}
          >
            <WalletIcon src={wallet.icon} size={32} />
            <span className="airlock-list-label">{wallet.name}</span>
            {isRecent ? (
              <span className="airlock-tag" aria-hidden="true">
                Recent
              </span>
            ) : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

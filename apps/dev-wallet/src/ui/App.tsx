import type { WalletApp } from '../store.ts';
import { AccountsCard } from './AccountsCard.tsx';
import { AuthenticateDialog } from './AuthenticateDialog.tsx';
import { PairForm } from './PairForm.tsx';
import { ProposalDialog } from './ProposalDialog.tsx';
import { RequestDialog } from './RequestDialog.tsx';
import { SessionList } from './SessionList.tsx';
import { useWallet } from './useWallet.ts';

/** The Dev Wallet page: status, pairing, accounts, sessions, and the proposal / request dialogs. */
export function App({ app }: { app: WalletApp }) {
  const status = useWallet(app.store, (s) => s.status);
  const phase = useWallet(app.store, (s) => s.phase);
  return (
    <>
      <header className="top">
        <h1>Dev Wallet</h1>
        <p className={`status status--${phase}`} role="status">
          <span data-testid="wallet-status">{status}</span>
        </p>
      </header>
      <main className="layout">
        <PairForm app={app} />
        <SessionList app={app} />
        <AccountsCard app={app} />
        <p className="footnote">
          Test keys only (anvil mnemonic). Relay <code>{app.config.relayUrl}</code>.
        </p>
      </main>
      <ProposalDialog app={app} />
      <RequestDialog app={app} />
      <AuthenticateDialog app={app} />
    </>
  );
}

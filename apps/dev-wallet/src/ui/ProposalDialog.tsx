import type { WalletApp } from '../store.ts';
import { Dialog } from './Dialog.tsx';
import { useWallet } from './useWallet.ts';

/** The `Session proposal` dialog for the oldest pending proposal: dapp, namespaces, `Approve` / `Reject`. */
export function ProposalDialog({ app }: { app: WalletApp }) {
  const proposal = useWallet(app.store, (s) => s.proposals[0]);
  const busy = useWallet(app.store, (s) => s.busy);
  if (!proposal) return null;
  return (
    <Dialog
      title="Session proposal"
      actions={
        <>
          <button type="button" disabled={busy} onClick={() => void app.actions.rejectProposal()}>
            Reject
          </button>
          <button type="button" className="primary" disabled={busy} onClick={() => void app.actions.approveProposal()}>
            Approve
          </button>
        </>
      }
    >
      <p className="dapp">
        <strong data-testid="proposal-dapp-name">{proposal.dapp.name}</strong>
        <span className="dapp-url">{proposal.dapp.url}</span>
      </p>
      <p className="hint">The dapp’s name and url are not verified (no Verify API offline).</p>
      {proposal.namespaces.length === 0 && <p>No namespaces requested: every supported chain will be shared.</p>}
      {proposal.namespaces.map((namespace) => (
        <dl key={`${namespace.required}-${namespace.key}`} className="facts">
          <dt>{namespace.required ? 'Required' : 'Optional'}</dt>
          <dd>
            <code>{namespace.key}</code>
          </dd>
          <dt>Chains</dt>
          <dd>{namespace.chains.join(', ') || '—'}</dd>
          <dt>Methods</dt>
          <dd className="wrap">{namespace.methods.join(', ') || '—'}</dd>
          <dt>Events</dt>
          <dd className="wrap">{namespace.events.join(', ') || '—'}</dd>
        </dl>
      ))}
    </Dialog>
  );
}

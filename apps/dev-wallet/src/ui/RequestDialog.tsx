import type { WalletApp } from '../store.ts';
import { Dialog } from './Dialog.tsx';
import { useWallet } from './useWallet.ts';

/** The `Request` dialog for the oldest pending request: method, readable summary, `Approve` / `Reject`. */
export function RequestDialog({ app }: { app: WalletApp }) {
  const request = useWallet(app.store, (s) => s.requests[0]);
  const busy = useWallet(app.store, (s) => s.busy);
  const hasProposal = useWallet(app.store, (s) => s.proposals.length > 0);
  if (!request || hasProposal) return null;
  return (
    <Dialog
      title="Request"
      actions={
        <>
          <button type="button" disabled={busy} onClick={() => void app.actions.rejectRequest()}>
            Reject
          </button>
          <button type="button" className="primary" disabled={busy} onClick={() => void app.actions.approveRequest()}>
            Approve
          </button>
        </>
      }
    >
      <p className="dapp">
        <strong>{request.summary.title}</strong>
        <span>
          from {request.dappName} · <code data-testid="request-method">{request.method}</code>
        </span>
      </p>
      <dl className="facts">
        {request.summary.rows.map((row) => (
          <div key={row.label} className="fact">
            <dt>{row.label}</dt>
            <dd className="wrap">{row.value.includes('\n') ? <pre>{row.value}</pre> : row.value}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

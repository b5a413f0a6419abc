import type { WalletApp } from '../store.ts';
import { Dialog } from './Dialog.tsx';
import { useWallet } from './useWallet.ts';

/**
 * The `Sign-in request` dialog for the oldest one-click sign-in (`wc_sessionAuthenticate`): the
 * dapp, the account, the message(s) to sign (one per chain), `Approve` (sign and connect) / `Reject`.
 */
export function AuthenticateDialog({ app }: { app: WalletApp }) {
  const pending = useWallet(app.store, (s) => s.authentications[0]);
  const busy = useWallet(app.store, (s) => s.busy);
  if (!pending) return null;
  return (
    <Dialog
      title="Sign-in request"
      actions={
        <>
          <button type="button" disabled={busy} onClick={() => void app.actions.rejectAuthentication()}>
            Reject
          </button>
          <button
            type="button"
            className="primary"
            disabled={busy}
            onClick={() => void app.actions.approveAuthentication()}
          >
            Approve
          </button>
        </>
      }
    >
      <p className="dapp">
        <strong data-testid="auth-dapp-name">{pending.dapp.name}</strong>
        <span className="dapp-url">{pending.dapp.url}</span>
      </p>
      <p className="hint">
        Signs in and connects in one step, as <code>{pending.address}</code>. The dapp’s name and url are not verified;
        the message names the site.
      </p>
      {pending.messages.map(({ caipNetworkId, message }) => (
        <dl key={caipNetworkId} className="facts">
          <dt>{caipNetworkId}</dt>
          <dd className="wrap">
            <pre data-testid="auth-message">{message}</pre>
          </dd>
        </dl>
      ))}
    </Dialog>
  );
}

import type { WalletApp } from '../store.ts';
import { useWallet } from './useWallet.ts';

const short = (address: string) => (address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address);

/** Active sessions (dapp name, account, network), each with `Disconnect`. */
export function SessionList({ app }: { app: WalletApp }) {
  const sessions = useWallet(app.store, (s) => s.sessions);
  const busy = useWallet(app.store, (s) => s.busy);
  return (
    <section className="card" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Sessions</h2>
      {sessions.length === 0 && <p className="empty">No active sessions. Pair with a dapp to start one.</p>}
      <ul className="sessions" data-testid="wallet-sessions" aria-labelledby="sessions-title">
        {sessions.map((session) => (
          <li key={session.topic} className="session">
            <div className="session-info">
              <strong className="session-dapp">{session.dappName}</strong>
              <span className="session-url">{session.dappUrl}</span>
              <span className="session-meta">
                <code title={session.address}>{short(session.address)}</code> on {session.networkName}
              </span>
            </div>
            <button type="button" disabled={busy} onClick={() => void app.actions.disconnect(session.topic)}>
              Disconnect
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

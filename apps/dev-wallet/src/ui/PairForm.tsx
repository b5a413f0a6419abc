import { useState, type FormEvent } from 'react';
import type { WalletApp } from '../store.ts';
import { useWallet } from './useWallet.ts';

/** The `WalletConnect URI` field and the `Pair` button. */
export function PairForm({ app }: { app: WalletApp }) {
  const [uri, setUri] = useState('');
  const disabled = useWallet(app.store, (s) => s.phase !== 'ready' || s.busy);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!uri.trim()) return;
    await app.actions.pair(uri);
    setUri('');
  };
  return (
    <form className="card pair" onSubmit={submit}>
      <label className="field" htmlFor="wallet-uri">
        WalletConnect URI
      </label>
      <div className="pair-row">
        <input
          id="wallet-uri"
          data-testid="wallet-uri-input"
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="wc:…"
          value={uri}
          onChange={(event) => setUri(event.target.value)}
        />
        <button type="submit" className="primary" disabled={disabled || !uri.trim()}>
          Pair
        </button>
      </div>
      <p className="hint">Copy the URI from the dapp’s WalletConnect QR code (“Copy link”) and paste it here.</p>
    </form>
  );
}

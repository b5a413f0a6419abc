import { useEffect, useState } from 'react';
import { runCeremony } from '../passkey/ceremony.ts';
import type { CeremonyRequest, PasskeyWindowParent } from '../passkey/window.ts';

/**
 * The passkey window (passkey/window.ts): loads the ceremony from the secure frame, and on the
 * visitor's click (the user activation some browsers ask WebAuthn for) runs it here, on the
 * secure frame's own origin, returns the credential and closes.
 */
export function PasskeyWindowApp({ parent }: { parent: PasskeyWindowParent }) {
  const [request, setRequest] = useState<CeremonyRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    document.title = 'Passkey · Airlock wallet';
    parent.request().then(
      (result) => (result.ok ? setRequest(result.value) : setError(result.error.message)),
      () => setError('The wallet window is gone.'),
    );
  }, [parent]);
  if (error)
    return (
      <p className="card" role="alert" data-testid="passkey-window-error">
        {error}
      </p>
    );
  if (!request) return <p className="card">Loading…</p>;
  return (
    <div className="card">
      <p>
        {request.kind === 'create' ? 'Create a passkey for your wallet.' : 'Sign in to your wallet with a passkey.'}
      </p>
      <button
        type="button"
        className="social-button"
        data-testid="passkey-continue"
        onClick={(event) => {
          if (!event.isTrusted) return;
          runCeremony(request).then(
            (response) => void parent.answer(response).finally(() => window.close()),
            (failure: unknown) =>
              void parent
                .answer({ error: (failure as Error).message || 'No passkey was used' })
                .finally(() => window.close()),
          );
        }}
      >
        {request.kind === 'create' ? 'Create passkey' : 'Use passkey'}
      </button>
    </div>
  );
}

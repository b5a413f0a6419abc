import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { Passkeys } from './flow.ts';

/** Reports the element's height (CSS px) whenever it changes. */
export function useHeight(onHeight: (height: number) => void) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => onHeight(element.getBoundingClientRect().height));
    observer.observe(element);
    return () => observer.disconnect();
  }, [onHeight]);
  return ref;
}

/**
 * The passkey buttons on Connect, under the social buttons: "Sign in with a passkey" (a
 * passkey this browser or a synced device has; no email) and "Create a passkey" (a new wallet
 * whose login is the passkey). Clicks here are this frame's own user activation, which the
 * passkey window needs where WebAuthn cannot run inside the widget.
 */
export function PasskeyButtons({ passkeys }: { passkeys: Passkeys }) {
  return (
    <div className="passkey-row">
      <button
        type="button"
        className="social-button"
        data-testid="passkey-login"
        onClick={(event) => {
          if (event.isTrusted) passkeys.login();
        }}
      >
        Sign in with a passkey
      </button>
      <button
        type="button"
        className="social-button"
        data-testid="passkey-signup"
        onClick={(event) => {
          if (event.isTrusted) passkeys.signUp();
        }}
      >
        Create a passkey
      </button>
    </div>
  );
}

/**
 * The signed-in visitor's passkeys in the Account view: each with Remove, and "Add a passkey"
 * (registers one for this wallet; afterwards it signs in without a mailed code). Drawn by C, so
 * the page cannot click it and the API calls carry the device key.
 */
export function PasskeyManager({ passkeys }: { passkeys: Passkeys }) {
  const { passkeys: list, busy, error } = useSyncExternalStore(passkeys.manager.subscribe, passkeys.manager.getState);
  return (
    <section className="passkey-manager" aria-label="Passkeys" data-testid="passkey-manager">
      <h2 className="passkey-title">Passkeys</h2>
      {list === null ? (
        <p className="passkey-note">Loading…</p>
      ) : list.length === 0 ? (
        <p className="passkey-note">No passkey yet. Add one to sign in without a code.</p>
      ) : (
        <ul className="passkey-list">
          {list.map((p) => (
            <li key={p.id} className="passkey-item" data-testid="passkey-item">
              <span>
                {p.name}
                {p.backedUp ? ' · synced' : ''}
              </span>
              <button
                type="button"
                className="passkey-remove"
                disabled={busy}
                aria-label={`Remove ${p.name}`}
                onClick={(event) => {
                  if (event.isTrusted) void passkeys.remove(p.id);
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p role="alert" className="passkey-error" data-testid="passkey-error">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="social-button"
        data-testid="passkey-add"
        disabled={busy}
        onClick={(event) => {
          if (event.isTrusted) void passkeys.add();
        }}
      >
        Add a passkey
      </button>
    </section>
  );
}

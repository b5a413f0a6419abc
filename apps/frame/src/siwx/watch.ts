import { CaipNetworkIdSchema, SiwxSessionSchema } from '@airlock/protocol';
import { z } from 'zod/mini';
import type { Frame } from '../store/frame.ts';
import type { FrameState, SiwxState } from '../store/state.ts';
import { widgetState } from '../store/widgetState.ts';
import { dropRevokedSessions } from './revocation.ts';
import { isLive, signInLocked, signInPending } from './sessions.ts';
import { connectionOf } from '../store/connection.ts';

/**
 * Sign-in bookkeeping that runs whatever connector connected (page wallet, WalletConnect,
 * embedded wallet …): it only watches the store's connection.
 * - Sessions persist in the frame's secret storage (widget origin, keys scoped to the
 *   verified parent origin: storage/keys.ts), so they survive a reload and never reach
 *   the dapp origin; what is read back is validated.
 * - A disconnect clears them; an expired one is dropped at its `expirationTime`; a revoked one (the
 *   provider API no longer lists it) when the sessions load and when the modal opens (revocation.ts).
 * - The dapp gets the `siwx` provider event whenever the connected account's session changes.
 * - A connected account that moves to a supported network (or account) without a session
 *   gets SIWXSignMessage (spec §4); after a reload's silent reconnect only when sign-in is required.
 */

/** The secret-storage key of the sessions (the storage adds the parent-origin prefix). */
export const SIWX_STORAGE_KEY = 'siwx';

/** What is stored: the sessions by CAIP-10 account and the last signed-in network. */
const StoredSiwxSchema = z.object({
  sessions: z.record(z.string(), SiwxSessionSchema),
  lastCaipNetworkId: z.nullable(CaipNetworkIdSchema),
});

/** The longest `setTimeout` delay, ms (2^31 − 1). */
const MAX_TIMER_MS = 2_147_483_647;

/** Reads the stored sessions; a missing or malformed entry reads as none. */
export function loadSessions(frame: Frame): Pick<SiwxState, 'sessions' | 'lastCaipNetworkId'> {
  try {
    const raw = frame.secrets.get(SIWX_STORAGE_KEY);
    const parsed = raw ? StoredSiwxSchema.safeParse(JSON.parse(raw)) : null;
    if (parsed?.success) return parsed.data;
  } catch {
    /* not JSON: none */
  }
  return { sessions: {}, lastCaipNetworkId: null };
}

/**
 * Installs the core's sign-in hooks (`frame.runtime.siwx`), loads the stored live sessions
 * into the store and starts the watcher. Returns its stop function. Runs before the silent reconnect, so the first connected state carries the session.
 */
export function startSiwx(frame: Frame): () => void {
  const { store } = frame;
  frame.runtime.siwx = {
    pending: (state, caipAddress, caipNetworkId) =>
      signInPending(state, frame.config, caipAddress, caipNetworkId, Date.now()),
    locked: (state) => signInLocked(state, frame.config, Date.now()),
  };
  const now = Date.now();
  const stored = loadSessions(frame);
  const sessions = Object.fromEntries(Object.entries(stored.sessions).filter(([, s]) => isLive(s, now)));
  store.setState((s) => ({ siwx: { ...s.siwx, sessions, lastCaipNetworkId: stored.lastCaipNetworkId } }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const armExpiry = (state: FrameState) => {
    clearTimeout(timer);
    const next = Math.min(
      ...Object.values(state.siwx.sessions).map((s) =>
        s.data.expirationTime ? Date.parse(s.data.expirationTime) : Number.POSITIVE_INFINITY,
      ),
    );
    if (!Number.isFinite(next)) return;
    timer = setTimeout(
      () => {
        const at = Date.now();
        store.setState((s) => ({
          siwx: {
            ...s.siwx,
            sessions: Object.fromEntries(Object.entries(s.siwx.sessions).filter(([, x]) => isLive(x, at))),
          },
        }));
      },
      Math.min(Math.max(next - Date.now(), 0), MAX_TIMER_MS),
    );
  };
  armExpiry(store.getState());
  // A reload: sessions revoked at the API since they were stored go (revocation.ts).
  void dropRevokedSessions(frame);
  // The dapp's `siwx` provider event: the connected account's session changed (spec §4).
  let lastSession = widgetState(store.getState()).siwx ?? null;
  const stop = store.subscribe((state, previous) => {
    const session = widgetState(state).siwx ?? null;
    if (session !== lastSession) {
      lastSession = session;
      void frame.host.emit({ type: 'provider', chainNamespace: 'eip155', event: 'siwx', data: session });
    }
    if (
      state.siwx.sessions !== previous.siwx.sessions ||
      state.siwx.lastCaipNetworkId !== previous.siwx.lastCaipNetworkId
    ) {
      const { sessions: kept, lastCaipNetworkId } = state.siwx;
      frame.secrets.set(SIWX_STORAGE_KEY, JSON.stringify({ sessions: kept, lastCaipNetworkId }));
      armExpiry(state);
    }
    const c = connectionOf(state);
    // The modal opens (the dapp's open() or the account button) while a session is shown: is it still valid?
    if (state.modal.open && !previous.modal.open && c.status === 'connected' && c.caipAddress && session) {
      void dropRevokedSessions(frame, { only: c.caipAddress, ask: true });
    }
    if (connectionOf(previous).status === 'connected' && c.status === 'disconnected') {
      // Deferred like the rest: every subscriber sees the disconnect before the sessions go.
      queueMicrotask(() => store.setState((s) => ({ siwx: { ...s.siwx, sessions: {}, status: 'idle', error: null } })));
      return;
    }
    if (c.status !== 'connected' || c.caipAddress === connectionOf(previous).caipAddress) return;
    const restored = connectionOf(previous).status === 'connecting' && !previous.modal.open;
    if (restored && !frame.config.siwx?.required) return;
    queueMicrotask(() => {
      const s = store.getState();
      const top = s.modal.stack[s.modal.stack.length - 1]?.view;
      if (connectionOf(s).caipAddress !== c.caipAddress || top === 'SIWXSignMessage') return;
      if (!signInPending(s, frame.config, c.caipAddress, c.caipNetworkId, Date.now())) return;
      store.setState((x) => ({
        modal: { open: true, shake: false, stack: [{ view: 'SIWXSignMessage' }] },
        siwx: { ...x.siwx, status: 'idle', error: null },
      }));
    });
  });
  return () => {
    stop();
    clearTimeout(timer);
    frame.runtime.siwx = null;
  };
}

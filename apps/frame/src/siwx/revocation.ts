import type { CaipAddress, SiwxSession } from '@airlock/protocol';
import { z } from 'zod/mini';
import type { Frame } from '../store/frame.ts';
import { signInPending } from './sessions.ts';
import { connectionOf } from '../store/connection.ts';

/**
 * Revoked sign-in sessions. A session the provider API issued (it has a `sessionId`) can be
 * revoked there (`POST /v1/sessions/{address}/revoke`, spec §7) by anyone holding its signature,
 * e.g. the dapp's own server; a dapp that checks the token online then hears 'Revoked'. The frame
 * asks the API for the account's active sessions (`GET /v1/sessions/{address}`) when it loads the
 * stored sessions (a reload) and whenever the modal opens while a session is shown (the dapp's
 * `open()` or the visitor's account button), and forgets a session that is not listed any more.
 * Sessions of a custom backend have no id and are never asked about. A failed check keeps the
 * session (an unreachable API signs no one out).
 */

/** `GET /v1/sessions/{address}`: the active sessions, only their ids read here. */
const ActiveSessionsSchema = z.object({ sessions: z.array(z.object({ id: z.string() })) });

/**
 * True when the provider API no longer lists `session` as active for `caipAddress` (revoked or
 * expired there); false when it does, when the session has no id (a custom backend's) or when the
 * call fails (network, 5xx, malformed answer).
 */
export async function isRevoked(frame: Frame, caipAddress: string, session: SiwxSession): Promise<boolean> {
  if (!frame.api || !session.sessionId || frame.config.siwx?.custom) return false;
  try {
    const { sessions } = await frame.api.call({
      path: `/v1/sessions/${encodeURIComponent(caipAddress)}`,
      schema: ActiveSessionsSchema,
    });
    return !sessions.some((s) => s.id === session.sessionId);
  } catch {
    return false;
  }
}

/**
 * Asks the API about the stored sessions (all of them, or the one of `only`) and removes the
 * revoked ones from the store; the sign-in watcher then saves the rest and tells the dapp
 * (`siwx` event `null` for the connected account). When the connected account lost its session
 * and must sign in again (sign-in required, or `ask` — the modal is open because the dapp or the
 * visitor asked), SIWXSignMessage opens (spec §4). Resolves with the accounts whose session went.
 */
export async function dropRevokedSessions(
  frame: Frame,
  options: { only?: CaipAddress; ask?: boolean } = {},
): Promise<string[]> {
  const { store } = frame;
  const entries = Object.entries(store.getState().siwx.sessions).filter(
    ([caipAddress]) => !options.only || caipAddress === options.only,
  );
  const checked = await Promise.all(
    entries.map(async ([caipAddress, session]) =>
      (await isRevoked(frame, caipAddress, session)) ? ([caipAddress, session] as const) : null,
    ),
  );
  const revoked = checked.filter((x) => x !== null);
  if (revoked.length === 0) return [];
  store.setState((s) => {
    const sessions = { ...s.siwx.sessions };
    // Only the very session that was checked: a new sign-in meanwhile stays.
    for (const [caipAddress, session] of revoked) if (sessions[caipAddress] === session) delete sessions[caipAddress];
    return { siwx: { ...s.siwx, sessions } };
  });
  const s = store.getState();
  const { status, caipAddress, caipNetworkId } = connectionOf(s);
  const lost = status === 'connected' && revoked.some(([account]) => account === caipAddress);
  const top = s.modal.stack[s.modal.stack.length - 1]?.view;
  if (
    lost &&
    top !== 'SIWXSignMessage' &&
    (frame.config.siwx?.required || (options.ask && s.modal.open)) &&
    signInPending(s, frame.config, caipAddress, caipNetworkId, Date.now())
  ) {
    store.setState((x) => ({
      modal: { open: true, shake: false, stack: [{ view: 'SIWXSignMessage' }] },
      siwx: { ...x.siwx, status: 'idle', error: null },
    }));
  }
  return revoked.map(([account]) => account);
}

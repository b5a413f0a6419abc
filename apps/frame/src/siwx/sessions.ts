import type { CaipAddress, CaipNetworkId, FrameConfig, SiwxSession } from '@airlock/protocol';
import type { FrameState } from '../store/state.ts';
import { connectionOf } from '../store/connection.ts';

/**
 * Pure sign-in helpers (loaded with sign-in, never in the frame's initial JS). Sessions are
 * keyed by the CAIP-10 account exactly as the connection holds it (`formatCaipAddress`:
 * EIP-55 for eip155), so the core finds the active one with a plain lookup.
 */

/** True while `session` is valid at `now` (ms): before its `expirationTime` (none = no expiry). */
export function isLive(session: SiwxSession, now: number): boolean {
  const expires = session.data.expirationTime ? Date.parse(session.data.expirationTime) : Number.POSITIVE_INFINITY;
  return now < expires;
}

/** The live session of `caipAddress` in `state`, or null. */
export function sessionOf(state: FrameState, caipAddress: CaipAddress | null, now: number): SiwxSession | null {
  if (!caipAddress) return null;
  const session = state.siwx.sessions[caipAddress];
  return session && isLive(session, now) ? session : null;
}

/** The live session of the connected account on the active network, or null (also while disconnected). */
export function activeSession(state: FrameState, now: number): SiwxSession | null {
  const { status, caipAddress } = connectionOf(state);
  return status === 'connected' ? sessionOf(state, caipAddress, now) : null;
}

/**
 * True when the connected account must sign in (spec §4): sign-in is on, the active
 * network is configured (a supported network), and there is no live session for the
 * account on it. Pure.
 */
export function signInPending(
  state: FrameState,
  config: FrameConfig,
  caipAddress: CaipAddress | null,
  caipNetworkId: CaipNetworkId,
  now: number,
): boolean {
  return (
    state.siwx.enabled &&
    !!caipAddress &&
    config.networks.some((n) => n.caipNetworkId === caipNetworkId) &&
    !sessionOf(state, caipAddress, now)
  );
}

/**
 * True when the modal must stay open (spec §2): SIWXSignMessage is in the stack (on top,
 * or under a view it opened, such as the embedded wallet's ApproveTransaction while the
 * message waits for the secure frame's approval), sign-in is required, and the connected
 * account has no live session. So closing that approval cannot skip a required sign-in:
 * the visitor rejects it (back to SIWXSignMessage) or cancels there. Pure.
 */
export function signInLocked(state: FrameState, config: FrameConfig, now: number): boolean {
  return (
    state.modal.stack.some((route) => route.view === 'SIWXSignMessage') &&
    !!config.siwx?.required &&
    connectionOf(state).status === 'connected' &&
    !activeSession(state, now)
  );
}

import {
  SIWX_DEFAULT_EXPIRES_IN_SECONDS,
  type CaipNetworkId,
  type SiwxMessageData,
  type SiwxSession,
} from '@airlock/protocol';
import { formatSiwxMessage } from '@airlock/siwx/message';
import { disconnect } from '../actions/disconnect.ts';
import { closeModal, shakeModal } from '../actions/modal.ts';
import { switchNetwork } from '../actions/switchNetwork.ts';
import type { Frame } from '../store/frame.ts';
import { SIWX_UNAVAILABLE, backendUnreachable, createSiwxBackend } from './backend.ts';
import { SiwxError } from './errors.ts';
import type { ErrorText } from '../i18n/errorKeys.ts';
import { signSiwxMessage } from './sign.ts';
import { sessionOf } from './sessions.ts';
import { connectionOf } from '../store/connection.ts';

/**
 * The sign-in flow of SIWXSignMessage (spec §4): sign, and cancel with and without `required`.
 * Loaded with the view, never in the frame's initial JS.
 */

/**
 * The message fields for `accountAddress` on `caipNetworkId` at `now` (ms). `domain` and
 * `uri` come from the parent origin the frame verified at boot (`frame.parentOrigin`),
 * never from the page's options: a page cannot get a signature naming another site. Pure.
 */
export function messageData(
  frame: Pick<Frame, 'parentOrigin' | 'config'>,
  accountAddress: string,
  caipNetworkId: CaipNetworkId,
  nonce: string,
  now: number,
): SiwxMessageData {
  const origin = new URL(frame.parentOrigin);
  const lifetime = (frame.config.siwx?.expiresInSeconds ?? SIWX_DEFAULT_EXPIRES_IN_SECONDS) * 1000;
  const statement = frame.config.siwx?.statement;
  return {
    accountAddress,
    chainId: caipNetworkId,
    domain: origin.host,
    uri: origin.origin,
    version: '1',
    nonce,
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(now + lifetime).toISOString(),
    ...(statement ? { statement } : {}),
  };
}

/**
 * Stores a verified session under its CAIP-10 account (`accountAddress` as the connection
 * holds it: EIP-55 for eip155), records the network, clears the view's error.
 */
export function storeSession(frame: Frame, session: SiwxSession): void {
  const key = `${session.data.chainId}:${session.data.accountAddress}`;
  frame.store.setState((s) => ({
    siwx: {
      ...s.siwx,
      sessions: { ...s.siwx.sessions, [key]: session },
      lastCaipNetworkId: session.data.chainId as CaipNetworkId,
      status: 'idle',
      error: null,
    },
  }));
}

/** Marks the attempt failed with `error` (shown by the view) and shakes the modal. */
function fail(frame: Frame, error: ErrorText): void {
  frame.store.setState((s) => ({ siwx: { ...s.siwx, status: 'error', error } }));
  shakeModal(frame);
}

/**
 * Signs in the connected account on the active network: a nonce from the backend, the
 * message ({@link messageData}: EIP-4361 for eip155, Sign In With Solana for solana), signed
 * by the wallet through the active connector (any connector; `signSiwxMessage`),
 * verification by the backend. Success stores the session,
 * records the network and closes the modal (spec §4). A wallet refusal or a refused
 * signature shows 'Error signing message' and stays; a backend that does not answer (no nonce,
 * so the wallet is never asked, or no verdict) shows {@link SIWX_UNAVAILABLE} and stays; no connected account shows
 * 'No ActiveCaipAddress found'; no verifier 'SIWX is not enabled' (spec §8). Never rejects.
 */
export async function signIn(frame: Frame): Promise<void> {
  const { siwx } = frame.store.getState();
  const connection = connectionOf(frame.store.getState());
  if (siwx.status === 'signing') return;
  const connector = frame.connectors.active();
  const { address, caipAddress, caipNetworkId } = connection;
  if (!connector || !address || !caipAddress) return fail(frame, SiwxError.NoActiveCaipAddress);
  const backend = frame.config.siwx ? createSiwxBackend(frame.config.siwx, frame.api) : null;
  if (!backend) return fail(frame, SiwxError.NotEnabled);
  frame.store.setState((s) => ({ siwx: { ...s.siwx, status: 'signing', error: null } }));
  let nonce: string;
  try {
    nonce = await backend.nonce();
  } catch {
    if (connectionOf(frame.store.getState()).caipAddress === caipAddress) fail(frame, SIWX_UNAVAILABLE);
    return;
  }
  try {
    const data = messageData(frame, address, caipNetworkId, nonce, Date.now());
    const message = formatSiwxMessage(data);
    const signature = await signSiwxMessage(connector, message, address, caipNetworkId);
    const verified = await backend.verify({ message, signature });
    if (connectionOf(frame.store.getState()).caipAddress !== caipAddress) return;
    storeSession(frame, { data, message, signature, token: verified.token, sessionId: verified.sessionId });
    closeModal(frame);
  } catch (error) {
    if (connectionOf(frame.store.getState()).caipAddress !== caipAddress) return;
    fail(frame, backendUnreachable(error) ? SIWX_UNAVAILABLE : SiwxError.ErrorSigning);
  }
}

/**
 * Cancel on SIWXSignMessage (spec §4): when sign-in is required, switch back to the last
 * network the account has a session on (then close), otherwise disconnect; when it is
 * not required, just close. Never rejects.
 */
export async function cancelSignIn(frame: Frame): Promise<void> {
  const state = frame.store.getState();
  if (!frame.config.siwx?.required) {
    frame.store.setState((s) => ({ siwx: { ...s.siwx, status: 'idle', error: null } }));
    closeModal(frame);
    return;
  }
  const last = state.siwx.lastCaipNetworkId;
  const address = connectionOf(state).address;
  const back =
    last && address && last !== connectionOf(state).caipNetworkId && sessionOf(state, `${last}:${address}`, Date.now());
  if (back) {
    const result = await switchNetwork(frame, last);
    if (result.ok) return closeModal(frame);
  }
  disconnect(frame);
}

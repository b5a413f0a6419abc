import { NO_AUTH_CONNECTOR } from '../connectors/embedded/text.ts';
import type { Frame } from '../store/frame.ts';
import type { ShownError } from '../i18n/errorKeys.ts';
import { loginShownError } from '../i18n/loginErrors.ts';
import { cancelConnect, connect } from './connect.ts';

/**
 * Sign In With Farcaster (spec §2 ConnectingFarcaster, §7 GET_FARCASTER_URI and
 * CONNECT_FARCASTER): the secure frame opens a relay channel bound to its device key and
 * answers the URL the Farcaster app opens (QR code / link); it then waits (120 s, spec §9)
 * until the person approved and the API verified the signed message. A success connects the
 * fid's embedded wallet like an email login (`socialProvider: 'farcaster'` on the user); any
 * failure is 'Failed to connect to farcaster' (spec §8) with the cause as detail.
 */

/** Spec §8: the message of a failed Farcaster login. */
export const FAILED_TO_CONNECT_FARCASTER = 'Failed to connect to farcaster';

/** The outcome of one Farcaster login: connected, or failed with the cause the secure frame reported (by message key where it has one). */
export type FarcasterOutcome = { ok: true } | { ok: false; detail: ShownError };

/**
 * Runs one Farcaster login: GET_FARCASTER_URI (`onUrl` gets the channel URL to show), then
 * CONNECT_FARCASTER on the widget's active network, then records the connection (the modal
 * closes), through the one connect. A login cancelled meanwhile ({@link cancelFarcasterLogin}) ends
 * as the `aborted` cancellation and changes nothing.
 */
export async function runFarcasterLogin(frame: Frame, onUrl: (url: string) => void): Promise<FarcasterOutcome> {
  const fail = (detail: ShownError): FarcasterOutcome => ({ ok: false, detail });
  const connector = frame.connectors.embedded;
  if (!connector) return fail(NO_AUTH_CONNECTOR);
  const uri = await connector.getFarcasterUri();
  if (!uri.ok) return fail(loginShownError(uri.error));
  onUrl(uri.value.url);
  const outcome = await connect(frame, connector, {
    session: ({ caipNetworkId }) => connector.connectFarcaster(caipNetworkId),
  });
  return outcome.type === 'connected' ? { ok: true } : fail(loginShownError(outcome.error));
}

/** Leaves ConnectingFarcaster: the secure frame ends the sign-in, a late answer is ignored. */
export function cancelFarcasterLogin(frame: Frame): void {
  frame.connectors.embedded?.cancelFarcaster();
  cancelConnect(frame);
}

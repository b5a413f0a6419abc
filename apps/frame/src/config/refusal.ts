import { REFUSAL_REASON_MAX, refusedMessage } from '@airlock/protocol/refusal';
import type { BootProblem } from './parseConfig.ts';
import { isPlainOrigin } from './verifyParentOrigin.ts';

/**
 * The frame's side of the fast refusal (the message is `RefusedMessage` of the protocol,
 * `{ type: 'airlock:refused', reason }`, posted to `window.parent` with targetOrigin = the
 * parent origin the FrameConfig claims). The browser delivers it only when the parent
 * really has that origin, so a page learns only that the frame refused it, and why.
 */

/** Longest `reason`, in characters (the protocol's cap). */
export const MAX_REFUSAL_REASON = REFUSAL_REASON_MAX;

/** What the integrator of a refused page does about it (the host prints the reason on the console). */
export const ORIGIN_HINT =
  "Add this page's origin to the project's allowed origins, or embed the widget from an allowed page.";

/** The reason for a boot problem, at most {@link MAX_REFUSAL_REASON} characters. */
export function refusalReason(problem: BootProblem): string {
  const text =
    problem.kind === 'origin'
      ? `${problem.message}. ${ORIGIN_HINT}`
      : problem.kind === 'projectId'
        ? 'Project ID Not Configured: pass the projectId of your project to createWidget'
        : `Invalid configuration: ${problem.message}`;
  return text.length > MAX_REFUSAL_REASON ? `${text.slice(0, MAX_REFUSAL_REASON - 1)}…` : text;
}

/**
 * The claimed parent origin in `?config=` (its `parentOrigin`), read without the rest
 * of the config having to be valid; null when it is absent or not a plain origin.
 */
export function claimedParentOrigin(search: string): string | null {
  try {
    const raw = new URLSearchParams(search).get('config');
    const parentOrigin = raw ? (JSON.parse(raw) as { parentOrigin?: unknown } | null)?.parentOrigin : undefined;
    return typeof parentOrigin === 'string' && isPlainOrigin(parentOrigin) ? parentOrigin : null;
  } catch {
    return null;
  }
}

/**
 * Posts {@link RefusedMessage} to `parent` with targetOrigin `claimed`; does nothing
 * when `claimed` is null or not a plain origin. Never throws.
 * @returns true when the message was posted.
 */
export function notifyRefusal(
  parent: Pick<Window, 'postMessage'>,
  claimed: string | null,
  problem: BootProblem,
): boolean {
  if (!claimed || !isPlainOrigin(claimed)) return false;
  try {
    parent.postMessage(refusedMessage(refusalReason(problem)), claimed);
    return true;
  } catch {
    return false;
  }
}

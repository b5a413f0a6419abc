/**
 * The fast refusal: when the frame refuses the page that embeds it (its origin is not
 * allowed, or it lied about it), it posts one plain message to `window.parent`, with
 * `targetOrigin` = the parent origin the page claimed, so only that origin can read it:
 *
 * ```ts
 * { type: 'airlock:refused', reason: string }
 * ```
 *
 * The host accepts it only from the frame's window (`event.source`) at the frame's origin
 * (`event.origin`), caps `reason` to {@link REFUSAL_REASON_MAX} characters, and then rejects
 * every pending and later call with EIP-1193 4900 "Airlock: origin not allowed (<reason>)"
 * instead of waiting for the handshake timeout. It is the only thing the frame tells a
 * refused page; penpal never connects.
 *
 * The refused frame also shows the visitor a short notice in its own document ("This site
 * can't use the wallet widget", a Close button): the host reveals the iframe when the dapp
 * calls `open()` after a refusal, and hides it again when the frame posts
 * `{ type: 'airlock:notice-closed' }` ({@link NOTICE_CLOSED_TYPE}, same sender checks).
 *
 * This module imports nothing, so the host SDK may use it.
 */

/** The `type` of the refusal message. */
export const REFUSED_MESSAGE_TYPE = 'airlock:refused';

/** The `type` of the message the refused frame posts when the visitor closes its notice (Close, Escape). */
export const NOTICE_CLOSED_TYPE = 'airlock:notice-closed';

/** Longest `reason` the host shows, in characters; longer ones are cut. */
export const REFUSAL_REASON_MAX = 200;

/** The message the frame posts to its parent when it refuses the page. */
export type RefusedMessage = {
  /** Always {@link REFUSED_MESSAGE_TYPE}. */
  type: typeof REFUSED_MESSAGE_TYPE;
  /** Why, in a few words for the dapp developer (e.g. "http://127.0.0.2:5175 is not an allowed origin"). */
  reason: string;
};

/** Builds the refusal message, with `reason` cut to {@link REFUSAL_REASON_MAX} characters. */
export const refusedMessage = (reason: string): RefusedMessage => ({
  type: REFUSED_MESSAGE_TYPE,
  reason: reason.slice(0, REFUSAL_REASON_MAX),
});

/**
 * True when `data` (a `MessageEvent.data`) has the refusal's shape: `type` is
 * {@link REFUSED_MESSAGE_TYPE} and `reason` a string. Says nothing about the sender:
 * check `event.source` and `event.origin` too.
 */
export const isRefusedMessage = (data: unknown): data is RefusedMessage =>
  (data as RefusedMessage | null)?.type === REFUSED_MESSAGE_TYPE && typeof (data as RefusedMessage).reason === 'string';

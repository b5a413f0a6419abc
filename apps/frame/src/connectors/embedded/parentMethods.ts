import { embeddedParentMethods, ok, serveMethods, type EmbeddedParentMethods } from '@airlock/protocol';
import type { z } from 'zod/mini';

/**
 * The widget frame's methods for the secure frame (READY, SESSION_UPDATE and the
 * approval layout), each validated on arrival with the protocol's
 * `embeddedParentMethods` schemas by the protocol's `serveMethods`, as the host's calls are:
 * malformed arguments get -32602 and change nothing; nothing throws across penpal.
 */

type Args<K extends keyof typeof embeddedParentMethods> = z.infer<(typeof embeddedParentMethods)[K]['params']>;

/** What B does with each validated call of C. */
export type EmbeddedParentHandlers = {
  /** `ready({ version })`: C loaded. */
  ready(info: Args<'ready'>[0]): void;
  /** `sessionUpdate({ user })`: the user signed in, changed, or signed out / expired (null). */
  sessionUpdate(update: Args<'sessionUpdate'>[0]): void;
  /** `setLayout({ visible, height, requestId })`: show C's approval at this height, or hide it. */
  setLayout(layout: Args<'setLayout'>[0]): void;
  /** `socialStarted({ provider })`: a click in C opened the social popup. */
  socialStarted?(request: Args<'socialStarted'>[0]): void;
  /** `passkeyStarted({ popup })`: a click in C started a passkey login or sign-up. */
  passkeyStarted?(request: Args<'passkeyStarted'>[0]): void;
  /** `slotFocusLeave({ direction })`: Tab left C's socials slot past its last (`next`) or first (`previous`) button. */
  slotFocusLeave?(request: Args<'slotFocusLeave'>[0]): void;
};

/** Wraps `handlers` as the penpal methods B exposes to C. Every call answers a Result and never throws. */
export function createEmbeddedParentMethods(handlers: EmbeddedParentHandlers): EmbeddedParentMethods {
  const handle: { [K in keyof typeof embeddedParentMethods]: (arg: Args<K>[0]) => void } = {
    ready: (info) => handlers.ready(info),
    sessionUpdate: (update) => handlers.sessionUpdate(update),
    setLayout: (layout) => handlers.setLayout(layout),
    socialStarted: (request) => handlers.socialStarted?.(request),
    passkeyStarted: (request) => handlers.passkeyStarted?.(request),
    slotFocusLeave: (request) => handlers.slotFocusLeave?.(request),
  };
  const names = Object.keys(handle) as (keyof typeof embeddedParentMethods)[];
  return serveMethods(embeddedParentMethods, names, (name, args) => {
    (handle[name] as (arg: unknown) => void)(args[0]);
    return ok(null);
  }) as unknown as EmbeddedParentMethods;
}

import {
  embeddedParentMethods,
  errorResult,
  ok,
  validate,
  type EmbeddedParentMethods,
  type Result,
} from '@airlock/protocol';
import type { z } from 'zod/mini';

/**
 * The widget frame's methods for the secure frame (READY, SESSION_UPDATE and the
 * approval layout), each validated on arrival with the protocol's
 * `embeddedParentMethods` schemas, as the host's calls are (handlers/frameMethods.ts):
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
  const wrap =
    <K extends keyof typeof embeddedParentMethods>(name: K, handle: (arg: Args<K>[0]) => void) =>
    async (...args: unknown[]): Promise<Result<null>> => {
      try {
        const parsed = validate(embeddedParentMethods[name].params, args);
        if (!parsed.ok) return parsed;
        handle((parsed.value as Args<K>)[0]);
        return ok(null);
      } catch (error) {
        return errorResult(error);
      }
    };
  return {
    ready: wrap('ready', (info) => handlers.ready(info)),
    sessionUpdate: wrap('sessionUpdate', (update) => handlers.sessionUpdate(update)),
    setLayout: wrap('setLayout', (layout) => handlers.setLayout(layout)),
    socialStarted: wrap('socialStarted', (request) => handlers.socialStarted?.(request)),
    passkeyStarted: wrap('passkeyStarted', (request) => handlers.passkeyStarted?.(request)),
    slotFocusLeave: wrap('slotFocusLeave', (request) => handlers.slotFocusLeave?.(request)),
  } as EmbeddedParentMethods;
}

import type { Frame } from '../store/frame.ts';

// Apart from actions/connect.ts so that disconnecting and switching (in the initial JS) do not
// pull the connect flow into it: that loads with the views.

/** Aborts the running connect attempt, if any (its late result is ignored). */
export function cancelConnect(frame: Frame): void {
  frame.runtime.connecting?.abort();
  frame.runtime.connectAttempt++;
}

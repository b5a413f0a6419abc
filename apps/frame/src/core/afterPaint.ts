/** How long {@link afterPaint} waits at most for an animation frame (ms): a frame that is not rendered gets none. */
export const AFTER_PAINT_FALLBACK_MS = 100;

/**
 * Runs `run` once, in a task after the next frame is painted (an animation frame, then a
 * task), or after {@link AFTER_PAINT_FALLBACK_MS} when no animation frame comes. Used for the
 * work an opening modal starts (focus, fetches, messages to the secure frame), so that the
 * modal is painted first. Without `requestAnimationFrame` (no renderer), in the next task.
 * Returns a cancel function.
 */
export function afterPaint(run: () => void): () => void {
  let done = false;
  let task: ReturnType<typeof setTimeout> | undefined;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    stopFrame();
    run();
  };
  // Without a renderer (unit tests in Node) there is no frame to wait for: the next task.
  const rendered = typeof requestAnimationFrame === 'function';
  const frameId = rendered ? requestAnimationFrame(() => (task = setTimeout(once, 0))) : 0;
  const fallback = setTimeout(once, rendered ? AFTER_PAINT_FALLBACK_MS : 0);
  const stopFrame = () => rendered && cancelAnimationFrame(frameId);
  return () => {
    done = true;
    stopFrame();
    clearTimeout(fallback);
    clearTimeout(task);
  };
}

// @vitest-environment happy-dom
import { ErrorCode } from '@airlock/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmbeddedParentMethods } from '../connectors/embedded/parentMethods.ts';
import { focusBeside, SENTINEL_ATTRIBUTE } from './SlotSentinel.tsx';

/**
 * The widget frame's half of the keyboard walk through the secure frame's slot: focus moves past
 * the slot to the modal's next or previous element, never onto a sentinel (which would hand it
 * back to the secure frame), wrapping as the modal's focus trap does; C's `slotFocusLeave` is
 * validated on arrival. The whole walk in a real Chromium: e2e/keyboard-socials.spec.ts.
 */

function dialog(html: string): HTMLElement {
  const root = document.createElement('div');
  root.setAttribute('role', 'dialog');
  root.innerHTML = html;
  document.body.appendChild(root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('slot focus sentinels (widget frame)', () => {
  it('moves focus past the slot, skipping the sentinels, wrapping at the ends', () => {
    const root = dialog(
      `<button id="close">Close</button><input id="email" /><span tabindex="0" ${SENTINEL_ATTRIBUTE}="first" id="s1"></span><div></div><span tabindex="0" ${SENTINEL_ATTRIBUTE}="last" id="s2"></span><button id="farcaster">Farcaster</button>`,
    );
    const $ = (id: string) => root.querySelector<HTMLElement>(`#${id}`)!;
    expect(focusBeside($('s2'), 'next')).toBe(true);
    expect(document.activeElement).toBe($('farcaster'));
    expect(focusBeside($('s1'), 'previous')).toBe(true);
    expect(document.activeElement).toBe($('email'));
    // The slot first in the dialog: Shift+Tab out of it wraps to the last element, as the trap does.
    $('close').remove();
    $('email').remove();
    expect(focusBeside($('s1'), 'previous')).toBe(true);
    expect(document.activeElement).toBe($('farcaster'));
  });

  it('answers false when the slot is all the modal holds', () => {
    const root = dialog(
      `<span tabindex="0" ${SENTINEL_ATTRIBUTE}="first" id="s1"></span><span tabindex="0" ${SENTINEL_ATTRIBUTE}="last"></span>`,
    );
    expect(focusBeside(root.querySelector<HTMLElement>('#s1')!, 'next')).toBe(false);
  });

  it('a malformed slotFocusLeave from C gets -32602 and moves nothing', async () => {
    const slotFocusLeave = vi.fn();
    const parent = createEmbeddedParentMethods({
      ready: () => {},
      sessionUpdate: () => {},
      setLayout: () => {},
      slotFocusLeave,
    });
    const call = parent.slotFocusLeave as (...args: unknown[]) => Promise<unknown>;
    expect(await call({ direction: 'up' })).toMatchObject({ ok: false, error: { code: ErrorCode.InvalidParams } });
    expect(slotFocusLeave).not.toHaveBeenCalled();
    expect(await call({ direction: 'next' })).toEqual({ ok: true, value: null });
    expect(slotFocusLeave).toHaveBeenCalledWith({ direction: 'next' });
  });
});

// @vitest-environment happy-dom
import { ErrorCode } from '@airlock/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { SecureFrame } from '../frame.ts';
import { createSecureFrameMethods } from '../methods.ts';
import { focusSlotEdge, watchSlotTab } from './focus.ts';

/**
 * Keyboard focus in the socials slot (social/focus.ts): `focusSlot` focuses the slot's first or
 * last button and nothing outside the slot (an approval's buttons are never focused from B);
 * Tab past the slot's ends is reported, not left to the browser. The walk across both frames in
 * a real Chromium: e2e/keyboard-socials.spec.ts.
 */

function slot(names: string[]): HTMLElement {
  const root = document.createElement('div');
  root.setAttribute('data-slot', 'socials');
  for (const name of names) {
    const button = document.createElement('button');
    button.textContent = name;
    root.appendChild(button);
  }
  document.body.appendChild(root);
  return root;
}

function tab(shift = false): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey: shift, bubbles: true, cancelable: true });
  document.activeElement?.dispatchEvent(event);
  return event;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('socials slot focus (secure frame)', () => {
  it('focuses the first or the last button of the slot', () => {
    const root = slot(['Google', 'GitHub', 'X']);
    expect(focusSlotEdge('first')).toBe(true);
    expect(document.activeElement).toBe(root.firstElementChild);
    expect(focusSlotEdge('last')).toBe(true);
    expect(document.activeElement).toBe(root.lastElementChild);
  });

  it('focuses nothing when the slot is not shown, even with other buttons (an approval) in the frame', () => {
    const approve = document.createElement('button');
    approve.textContent = 'Approve';
    document.body.appendChild(approve);
    expect(focusSlotEdge('first')).toBe(false);
    expect(focusSlotEdge('last')).toBe(false);
    expect(document.activeElement).not.toBe(approve);
  });

  it('reports Tab on the last button, Shift+Tab on the first and Escape, and leaves Tab inside the slot to the browser', () => {
    const root = slot(['Google', 'GitHub', 'X']);
    const left: string[] = [];
    const stop = watchSlotTab((direction) => left.push(direction));
    (root.children[1] as HTMLElement).focus();
    expect(tab().defaultPrevented).toBe(false);
    expect(tab(true).defaultPrevented).toBe(false);
    (root.lastElementChild as HTMLElement).focus();
    expect(tab().defaultPrevented).toBe(true);
    (root.firstElementChild as HTMLElement).focus();
    expect(tab(true).defaultPrevented).toBe(true);
    expect(left).toEqual(['next', 'previous']);
    const escapeKey = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    (root.children[1] as HTMLElement).focus();
    document.activeElement?.dispatchEvent(escapeKey);
    expect(left).toEqual(['next', 'previous', 'escape']);
    stop();
    (root.lastElementChild as HTMLElement).focus();
    expect(tab().defaultPrevented).toBe(false);
    expect(left).toHaveLength(3);
  });

  it('focusSlot validates its parameter on arrival: a malformed edge gets -32602 and moves no focus', async () => {
    slot(['Google']);
    const methods = createSecureFrameMethods({} as SecureFrame);
    const call = methods.focusSlot as (...args: unknown[]) => Promise<unknown>;
    expect(await call({ edge: 'middle' })).toMatchObject({ ok: false, error: { code: ErrorCode.InvalidParams } });
    expect(document.activeElement).toBe(document.body);
    expect(await call({ edge: 'first' })).toEqual({ ok: true, value: { focused: true } });
  });
});

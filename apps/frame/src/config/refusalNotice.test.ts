// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFUSAL_NOTICE_TITLE, showRefusalNotice } from './refusalNotice.ts';

const PAGE = 'http://127.0.0.2:5175';
const search = `?config=${encodeURIComponent(JSON.stringify({ parentOrigin: PAGE }))}`;
const problem = { kind: 'origin' as const, message: `${PAGE} is not an allowed origin` };

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the refused frame’s notice', () => {
  it('tells the visitor in a modal alertdialog with the spec §8 alert title and a Close button', () => {
    showRefusalNotice(document, { postMessage: vi.fn() }, search, problem);
    const dialog = document.querySelector('[role="alertdialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe(REFUSAL_NOTICE_TITLE);
    expect(dialog.querySelector('[role="alert"]')!.textContent).toBe('Invalid App Configuration');
    expect(dialog.querySelector('button')!.textContent).toBe('Close');
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });

  it('posts notice-closed to the claimed parent origin on Close and on Escape', () => {
    const postMessage = vi.fn();
    showRefusalNotice(document, { postMessage }, search, problem);
    document.querySelector('button')!.click();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(postMessage.mock.calls).toEqual([
      [{ type: 'airlock:notice-closed' }, PAGE],
      [{ type: 'airlock:notice-closed' }, PAGE],
    ]);
  });

  it('keeps focus on Close: when the frame gets focus and on Tab', () => {
    showRefusalNotice(document, { postMessage: vi.fn() }, search, problem);
    const close = document.querySelector('button')!;
    window.dispatchEvent(new FocusEvent('focus'));
    expect(document.activeElement).toBe(close);
    close.blur();
    const tab = new KeyboardEvent('keydown', { key: 'Tab', cancelable: true });
    document.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(close);
  });

  it('takes the focus at once when the frame was focused before the notice was drawn (the host revealed it first)', () => {
    const hasFocus = vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    try {
      showRefusalNotice(document, { postMessage: vi.fn() }, search, problem);
      expect(document.activeElement).toBe(document.querySelector('button'));
    } finally {
      hasFocus.mockRestore();
    }
  });

  it('leaves the focus alone while the frame has none (hidden: the host focuses it when it reveals it)', () => {
    const hasFocus = vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    try {
      showRefusalNotice(document, { postMessage: vi.fn() }, search, problem);
      expect(document.activeElement).not.toBe(document.querySelector('button'));
    } finally {
      hasFocus.mockRestore();
    }
  });

  it('posts nothing when the config names no parent origin', () => {
    const postMessage = vi.fn();
    showRefusalNotice(document, { postMessage }, '?config=%7B%7D', { kind: 'projectId' });
    expect(document.querySelector('[role="alert"]')!.textContent).toBe('Project ID Not Configured');
    document.querySelector('button')!.click();
    expect(postMessage).not.toHaveBeenCalled();
  });
});

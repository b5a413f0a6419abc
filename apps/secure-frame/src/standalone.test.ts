// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Spec §8 'W3mFrame: parent is not set': the secure frame opened on its own (a tab, not inside the
 * widget frame) says so in the console and on the page, and does nothing else: no deployment read,
 * no handshake, no key store opened. A page of another origin that frames it is the widget's own
 * check (penpal accepts only the widget origin); this is the frame with no parent at all.
 */

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('secure frame opened on its own', () => {
  it("warns 'W3mFrame: parent is not set', shows the notice and loads nothing", async () => {
    expect(window.parent).toBe(window);
    const root = document.createElement('div');
    root.id = 'root';
    document.body.appendChild(root);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = vi.spyOn(globalThis, 'fetch');
    await import('./main.ts');
    await vi.waitFor(() => expect(root.textContent).toContain('works only inside it'), { timeout: 55_000 });
    expect(root.textContent).toBe('This page is part of the Airlock wallet widget and works only inside it.');
    expect(warn).toHaveBeenCalledWith('W3mFrame: parent is not set');
    // The deployment (deployment.json) was never asked for: nothing past the check ran.
    expect(fetch).not.toHaveBeenCalled();
    // Importing main.ts transforms the whole secure frame and its UI chunk: over 20 s at load 30.
  }, 60_000);
});

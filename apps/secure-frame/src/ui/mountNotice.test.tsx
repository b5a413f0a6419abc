// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountNotice } from './mount.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('mountNotice', () => {
  it("shows the notice in this window's own language once its catalog has loaded", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'de']);
    const root = document.createElement('div');
    document.body.appendChild(root);
    mountNotice(root, 'This page is part of the Airlock wallet widget and works only inside it.');
    await vi.waitFor(
      () => expect(root.textContent).toBe('Diese Seite gehört zum Airlock-Wallet-Widget und funktioniert nur darin.'),
      { timeout: 10_000 },
    );
  });
});

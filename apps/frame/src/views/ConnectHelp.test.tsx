// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '../store/frame.ts';
import { FrameProvider } from '../core/react.ts';
import { createTestFrame, testConfig } from '../testing/testFrame.ts';
import es from '../i18n/locales/es.json';
import ar from '../i18n/locales/ar.json';
import { GET_A_WALLET_URL, linkMarks, walletCountLabel } from './ConnectHelp.tsx';
import { ConnectView } from './ConnectView.tsx';

let frame: Frame;

async function renderConnect(links: { termsConditionsUrl?: string; privacyPolicyUrl?: string } = {}) {
  ({ frame } = await createTestFrame({ config: { ...testConfig(), ...links }, start: false }));
  // Connect loads the listing while the modal is open.
  frame.store.setState((s) => ({ modal: { ...s.modal, open: true } }));
  return render(
    <FrameProvider frame={frame}>
      <ConnectView />
    </FrameProvider>,
  );
}

afterEach(() => {
  cleanup();
  frame?.destroy();
});

describe('Connect help, wallet count and legal links', () => {
  it("'What is a wallet?' expands a short explanation with a 'Get a wallet' link", async () => {
    await renderConnect();
    const toggle = screen.getByRole('button', { name: 'What is a wallet?' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('wallet-help')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('wallet-help').textContent).toMatch(/A wallet lets you hold/);
    const link = screen.getByRole('link', { name: 'Get a wallet' });
    expect(link.getAttribute('href')).toBe(GET_A_WALLET_URL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    fireEvent.click(toggle);
    expect(screen.queryByTestId('wallet-help')).toBeNull();
  });

  it("shows the listing's wallet count on the All wallets row", async () => {
    await renderConnect();
    const count = await screen.findByTestId('wallet-count', {}, { timeout: 5000 });
    expect(count.textContent).toMatch(/^\d+\+?$/);
    expect(screen.getByRole('button', { name: 'All wallets' }).getAttribute('aria-describedby')).toBe(count.id);
  });

  it('rounds the count down to ten with a plus', () => {
    expect(walletCountLabel(7)).toBe('7');
    expect(walletCountLabel(40)).toBe('40');
    expect(walletCountLabel(437)).toBe('430+');
  });

  it('links the terms and privacy policy only when configured', async () => {
    const first = await renderConnect();
    expect(screen.queryByTestId('legal-links')).toBeNull();
    first.unmount();
    frame.destroy();
    await renderConnect({
      termsConditionsUrl: 'https://dapp.test/terms',
      privacyPolicyUrl: 'https://dapp.test/privacy',
    });
    expect(screen.getByTestId('legal-links').textContent).toBe(
      'By connecting a wallet, you agree to the Terms of Service and Privacy Policy.',
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('https://dapp.test/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('https://dapp.test/privacy');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('target')).toBe('_blank'),
    );
  });

  it('places the links where the Spanish and Arabic sentences put them', () => {
    const key =
      'By connecting a wallet, you agree to the <terms>Terms of Service</terms> and <privacy>Privacy Policy</privacy>.';
    const hrefs = { terms: 'https://dapp.test/terms', privacy: 'https://dapp.test/privacy' };
    for (const [catalog, terms, privacy] of [
      [es, 'Términos del servicio', 'Política de privacidad'],
      [ar, 'شروط الخدمة', 'سياسة الخصوصية'],
    ] as const) {
      const { container, unmount } = render(<p>{linkMarks(catalog[key], hrefs)}</p>);
      expect(container.textContent).not.toMatch(/<|>/);
      const links = [...container.querySelectorAll('a')];
      expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
        [terms, hrefs.terms],
        [privacy, hrefs.privacy],
      ]);
      unmount();
    }
    // A mark without its href stays text.
    expect(linkMarks('a <terms>T</terms> b', {})).toEqual(['a ', 'T', ' b']);
  });
});

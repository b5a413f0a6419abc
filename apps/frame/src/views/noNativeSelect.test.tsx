// @vitest-environment happy-dom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL as NodeURL } from 'node:url';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { recordConnection } from '../actions/connection.ts';
import { createApiClient } from '../api/client.ts';
import { afterPaint } from '../core/afterPaint.ts';
import { FrameProvider } from '../core/react.ts';
import type { Frame } from '../store/frame.ts';
import { announcement, createTestFrame } from '../testing/testFrame.ts';
import { SendView } from './SendView.tsx';

/**
 * No native `<select>` in the modal (issue: its popup takes the browser's look, not the theme's,
 * and opens outside the modal on phones): the frame's components never render one, and the Send
 * view's token choice is the searchable picker.
 */

// node:url's URL: happy-dom replaces the global one.
const SRC = fileURLToPath(new NodeURL('..', import.meta.url));

/** The frame's component sources (tests aside). */
function components(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return components(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

let frame: Frame | null = null;
afterEach(() => {
  cleanup();
  frame?.destroy();
  frame = null;
});

describe('no native <select> in the modal', () => {
  it('no frame component renders a <select> element', () => {
    const files = components(SRC);
    expect(files.length).toBeGreaterThan(40);
    // A JSX `<select` (not one quoted in a comment between backticks).
    const offenders = files.filter((file) => /(^|[^`])<select[\s>]/m.test(readFileSync(file, 'utf8')));
    expect(offenders.map((file) => file.slice(SRC.length))).toEqual([]);
  });

  it("the Send view's token is a searchable picker of the balances, with no <select>", async () => {
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
    const balance = (symbol: string, address?: string) => ({
      name: symbol,
      symbol,
      chainId: 'eip155:31337',
      ...(address ? { address } : {}),
      value: 1,
      price: 1,
      quantity: { decimals: '18', numeric: '10' },
    });
    const api = createApiClient({
      baseUrl: 'http://api.test',
      projectId: 'p',
      sleep: async () => {},
      fetch: (async () =>
        new Response(
          JSON.stringify({
            balances: [balance('ETH'), balance('DEV', 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3')],
          }),
        )) as typeof fetch,
    });
    ({ frame } = await createTestFrame({ api, start: false }));
    const wallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);
    recordConnection(
      frame,
      frame.connectors.injected(wallet),
      { accounts: [address], chainId: 31337, name: wallet.name, icon: wallet.icon },
      { silent: true },
    );
    frame.store.setState((s) => ({ modal: { ...s.modal, open: true } }));
    const { container } = render(
      <FrameProvider frame={frame}>
        <SendView />
      </FrameProvider>,
    );
    await act(async () => {
      await new Promise<void>((r) => afterPaint(r));
      await new Promise((r) => setTimeout(r, 0));
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Token/ }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Search tokens' }), { target: { value: 'de' } });
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual(['DEV, DEV, 10.000']);
    expect(container.querySelector('select')).toBeNull();
  });
});

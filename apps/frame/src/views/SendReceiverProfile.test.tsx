// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { recordConnection } from '../actions/connection.ts';
import { createApiClient } from '../api/client.ts';
import { FrameProvider } from '../core/react.ts';
import type { Frame } from '../store/frame.ts';
import { announcement, createTestFrame, flush } from '../testing/testFrame.ts';
import { SendView } from './SendView.tsx';

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

let frame: Frame | null = null;
afterEach(() => {
  cleanup();
  frame?.destroy();
  frame = null;
});

// Spec §3 send state: 'receiver profile name and image'.
describe("the Send receiver's profile", () => {
  it('shows the name and the profile image of the typed receiver (GET /v1/identity), the image gone when it fails to load', async () => {
    const api = createApiClient({
      baseUrl: 'http://api.test',
      projectId: 'p',
      sleep: async () => {},
      fetch: (async (input: RequestInfo | URL) => {
        const url = String(input);
        const body = url.includes(`/v1/identity/${BOB}`)
          ? { name: 'bob.reown.id', avatar: 'https://img.test/bob.png' }
          : url.includes('/v1/identity/')
            ? { name: null, avatar: null }
            : { balances: [] };
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      }) as typeof fetch,
    });
    ({ frame } = await createTestFrame({ api, start: false }));
    const wallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);
    recordConnection(
      frame,
      frame.connectors.injected(wallet),
      { accounts: [ALICE], chainId: 31337, name: wallet.name, icon: wallet.icon },
      { silent: true },
    );
    render(
      <FrameProvider frame={frame}>
        <SendView />
      </FrameProvider>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Receiver address' }), { target: { value: BOB } });
    await act(() => flush(10));
    expect(screen.getByTestId('send-receiver-name').textContent).toBe('bob.reown.id');
    const image = screen.getByTestId('send-receiver-name-image');
    expect(image.getAttribute('src')).toBe('https://img.test/bob.png');
    expect(image.getAttribute('alt')).toBe('');
    fireEvent.error(image);
    expect(screen.queryByTestId('send-receiver-name-image')).toBeNull();
    expect(screen.getByTestId('send-receiver-name').textContent).toBe('bob.reown.id');
  });
});

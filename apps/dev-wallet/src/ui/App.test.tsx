// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DevWalletConfig } from '../config.ts';
import { createWalletApp } from '../store.ts';
import type { DevWallet, DevWalletOptions, PendingProposal, PendingRequest, SessionSummary } from '../wallet.ts';
import { App } from './App.tsx';

/**
 * The page as a user sees it. The WalletConnect side is a stand-in here (`wallet.test.ts` runs the
 * real one over the relay; this file checks what the buttons and dialogs do), so the callbacks of
 * `createDevWallet` are driven by hand.
 */

const config: DevWalletConfig = {
  relayUrl: 'ws://127.0.0.1:8555',
  projectId: 'test',
  networks: [
    { caipNetworkId: 'eip155:31337', name: 'Anvil A', rpcUrl: 'http://127.0.0.1:8545' },
    { caipNetworkId: 'eip155:31338', name: 'Anvil B', rpcUrl: 'http://127.0.0.1:8546' },
  ],
};

const session: SessionSummary = {
  topic: 'ab'.repeat(32),
  dappName: 'Demo dapp',
  dappUrl: 'http://localhost:5173',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  caipNetworkId: 'eip155:31337',
  networkName: 'Anvil A',
  expiry: 2_000_000_000,
};

const proposal = {
  id: 1,
  params: {} as PendingProposal['params'],
  dapp: { name: 'Demo dapp', url: 'http://localhost:5173', description: '' },
  namespaces: [
    { key: 'eip155', required: false, chains: ['eip155:31337'], methods: ['personal_sign'], events: ['chainChanged'] },
  ],
} satisfies PendingProposal;

const request: PendingRequest = {
  id: 2,
  topic: session.topic,
  method: 'personal_sign',
  params: ['0x6869', session.address],
  caipNetworkId: 'eip155:31337',
  dappName: 'Demo dapp',
  summary: { title: 'Sign message', rows: [{ label: 'Message', value: 'hi' }] },
};

/** Starts the page with a stand-in wallet; returns its spies and the callbacks the page registered. */
async function renderPage() {
  let options!: DevWalletOptions;
  const wallet = {
    walletkit: {} as DevWallet['walletkit'],
    accounts: [],
    pair: vi.fn(async () => undefined),
    approveProposal: vi.fn(async () => session),
    rejectProposal: vi.fn(async () => undefined),
    approveRequest: vi.fn(async () => ({ ok: true as const, value: '0x' })),
    rejectRequest: vi.fn(async () => undefined),
    approveAuthentication: vi.fn(async () => undefined),
    rejectAuthentication: vi.fn(async () => undefined),
    disconnect: vi.fn(async () => options.onSessionsChange?.([])),
    getSessions: () => [],
    close: async () => undefined,
  } satisfies DevWallet;
  const app = createWalletApp(config, async (given) => {
    options = given;
    return wallet;
  });
  render(<App app={app} />);
  await act(async () => undefined);
  return { wallet, options };
}

const status = () => screen.getByTestId('wallet-status').textContent;

describe('Dev Wallet page', () => {
  afterEach(() => cleanup());

  it('pairs the pasted WalletConnect URI', async () => {
    const { wallet } = await renderPage();
    expect(status()).toBe('Ready');
    fireEvent.change(screen.getByLabelText('WalletConnect URI'), {
      target: { value: 'wc:abc@2?relay-protocol=irn&symKey=00' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pair' })));
    expect(wallet.pair).toHaveBeenCalledWith('wc:abc@2?relay-protocol=irn&symKey=00');
    expect(status()).toBe('Paired');
    expect((screen.getByTestId('wallet-uri-input') as HTMLInputElement).value).toBe('');
  });

  it('shows a proposal with the dapp and its namespaces, and approves it', async () => {
    const { wallet, options } = await renderPage();
    act(() => options.onProposal?.(proposal));
    const dialog = screen.getByRole('dialog', { name: 'Session proposal' });
    expect(dialog.textContent).toContain('Demo dapp');
    expect(dialog.textContent).toContain('http://localhost:5173');
    expect(dialog.textContent).toContain('eip155:31337');
    expect(dialog.textContent).toContain('personal_sign');

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
      options.onSessionsChange?.([session]);
    });
    expect(wallet.approveProposal).toHaveBeenCalledWith(proposal);
    expect(screen.queryByRole('dialog', { name: 'Session proposal' })).toBeNull();
    expect(status()).toBe('Session approved');
    const sessions = screen.getByTestId('wallet-sessions');
    expect(sessions.textContent).toContain('Demo dapp');
    expect(sessions.textContent).toContain('0xf39F…2266');
    expect(sessions.textContent).toContain('Anvil A');
  });

  it('shows a request with its method and summary; Reject answers it and closes the dialog', async () => {
    const { wallet, options } = await renderPage();
    act(() => options.onRequest?.(request));
    const dialog = screen.getByRole('dialog', { name: 'Request' });
    expect(dialog.textContent).toContain('personal_sign');
    expect(dialog.textContent).toContain('hi');

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' })));
    expect(wallet.rejectRequest).toHaveBeenCalledWith(request);
    expect(screen.queryByRole('dialog', { name: 'Request' })).toBeNull();
    expect(status()).toBe('Request rejected');
  });

  it('reports a failed approval with the error code sent to the dapp', async () => {
    const { wallet, options } = await renderPage();
    wallet.approveRequest.mockResolvedValueOnce({
      ok: false,
      error: { code: 4100, message: 'No such account' },
    } as never);
    act(() => options.onRequest?.(request));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Approve' })));
    expect(status()).toBe('Request failed: 4100 No such account');
  });

  it('disconnects a session from the list', async () => {
    const { wallet, options } = await renderPage();
    act(() => options.onSessionsChange?.([session]));
    await act(async () =>
      fireEvent.click(within(screen.getByTestId('wallet-sessions')).getByRole('button', { name: 'Disconnect' })),
    );
    expect(wallet.disconnect).toHaveBeenCalledWith(session.topic);
    expect(screen.getByTestId('wallet-sessions').textContent).not.toContain('Demo dapp');
    expect(status()).toBe('Disconnected');
  });

  it('shows a one-click sign-in request with its message; Approve signs in, Reject refuses', async () => {
    const { wallet, options } = await renderPage();
    const pending = {
      id: 7,
      dapp: { name: 'Demo dapp', url: 'http://localhost:5173' },
      payload: {} as never,
      messages: [
        { caipNetworkId: 'eip155:31337', message: 'localhost:5173 wants you to sign in with your Ethereum account:' },
      ],
      address: session.address,
    };
    act(() => options.onAuthenticate?.(pending));
    const dialog = screen.getByRole('dialog', { name: 'Sign-in request' });
    expect(within(dialog).getByTestId('auth-message').textContent).toContain('localhost:5173 wants you to sign in');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' })));
    expect(wallet.approveAuthentication).toHaveBeenCalledWith(pending);
    expect(status()).toBe('Signed in');
    act(() => options.onAuthenticate?.({ ...pending, id: 8 }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reject' })));
    expect(wallet.rejectAuthentication).toHaveBeenCalledWith({ ...pending, id: 8 });
    expect(status()).toBe('Sign-in rejected');
  });
});

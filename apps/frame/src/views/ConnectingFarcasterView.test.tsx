// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Frame } from '../store/frame.ts';
import { FrameProvider } from '../core/react.ts';
import { createSecureFrameDouble } from '../testing/secureFrameDouble.ts';
import { createTestFrame, testConfig } from '../testing/testFrame.ts';
import ConnectingFarcasterView from './ConnectingFarcasterView.tsx';
import { connectionOf } from '../store/connection.ts';

let frame: Frame | null = null;

afterEach(() => {
  cleanup();
  frame?.destroy();
  frame = null;
});

describe('ConnectingFarcaster', () => {
  it("shows the channel link, then 'Failed to connect to farcaster' with the cause; Try again opens a new channel", async () => {
    const double = createSecureFrameDouble();
    ({ frame } = await createTestFrame({
      config: { ...testConfig(), features: { email: true } },
      secureFrame: double,
    }));
    render(
      <FrameProvider frame={frame}>
        <ConnectingFarcasterView />
      </FrameProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to connect to farcaster');
    expect(screen.getByText('Sign In With Farcaster is not in the double')).toBeTruthy();
    expect(double.calls.filter((c) => c.name === 'getFarcasterUri')).toHaveLength(1);
    expect(connectionOf(frame.store.getState()).status).not.toBe('connected');

    double.hang.add('connectFarcaster');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Waiting for approval in Farcaster')).toBeTruthy();
    expect(screen.getByTestId('farcaster-url').textContent).toBe(
      'https://farcaster.example/~/siwf?channelToken=double',
    );
    expect(screen.getByRole('link', { name: 'Open Farcaster' }).getAttribute('href')).toBe(
      'https://farcaster.example/~/siwf?channelToken=double',
    );
    expect(double.calls.filter((c) => c.name === 'getFarcasterUri')).toHaveLength(2);

    // Leaving the view ends the sign-in in the secure frame.
    cleanup();
    await vi.waitFor(() => expect(double.calls.some((c) => c.name === 'cancelFarcaster')).toBe(true));
  });
});

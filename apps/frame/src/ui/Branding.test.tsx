// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../App.tsx';
import { openModal } from '../actions/modal.ts';
import { localFeatures, mergeFeatures } from '../api/features.ts';
import { FrameProvider } from '../core/react.ts';
import type { Frame } from '../store/frame.ts';
import { createTestFrame, flush } from '../testing/testFrame.ts';
import type { Features } from '@airlock/protocol';

let frame: Frame;

afterEach(() => {
  cleanup();
  frame?.destroy();
});

/** The App with its modal open on Connect, with these merged features. */
async function connectWith(features: Features) {
  ({ frame } = await createTestFrame());
  frame.store.setState({ features: { features, source: 'remote' } });
  render(
    <FrameProvider frame={frame}>
      <App />
    </FrameProvider>,
  );
  await act(async () => {
    openModal(frame);
    await flush();
  });
}

// Spec §1: the remote feature 'branding' and the local feature 'all-wallets'.
describe('branding footer and All wallets (spec §1)', () => {
  it("shows 'Secured by Airlock' and All wallets by default", async () => {
    await connectWith(localFeatures(undefined));
    expect(screen.getByTestId('branding').textContent).toBe('Secured by Airlock');
    expect(screen.getByRole('button', { name: 'All wallets' })).toBeTruthy();
  });

  it("the project's reownBranding: false removes the footer; allWallets: false removes All wallets", async () => {
    await connectWith(mergeFeatures({ reownBranding: false, allWallets: false }, undefined));
    expect(screen.queryByTestId('branding')).toBeNull();
    expect(screen.queryByRole('button', { name: 'All wallets' })).toBeNull();
    expect(screen.getByRole('button', { name: 'WalletConnect' })).toBeTruthy();
  });

  it("a dapp's own reownBranding: false is ignored (the operator's switch); basic mode turns it off", () => {
    expect(localFeatures({ reownBranding: false }).reownBranding).toBeUndefined();
    expect(mergeFeatures({ reownBranding: true }, undefined, true).reownBranding).toBe(false);
  });
});

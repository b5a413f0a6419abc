// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordConnection } from '../actions/connection.ts';
import { FrameProvider } from '../core/react.ts';
import type { Frame } from '../store/frame.ts';
import { ACCOUNT_0, announcement, createTestFrame } from '../testing/testFrame.ts';
import { lazyPart } from './lazyPart.tsx';
import type { LazyModule } from './lazyRetry.tsx';

// The Account view's tabs chunk does not load (network down, a new deployment removed it).
vi.mock('./AccountTabs.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const wallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);
let frame: Frame;

afterEach(() => {
  cleanup();
  frame?.destroy();
});

/** The part a chunk holds. */
const RealPart = () => <p>the real part</p>;

/** A part chunk whose import the test settles: `fail()` rejects the pending import, `succeed()` resolves it. */
function controlledChunk() {
  let settle: { resolve(m: LazyModule<object>): void; reject(e: unknown): void } | null = null;
  let imports = 0;
  const load = () => {
    imports++;
    return new Promise<LazyModule<object>>((resolve, reject) => {
      settle = { resolve, reject };
    });
  };
  return {
    load,
    imports: () => imports,
    fail: () => act(async () => settle!.reject(new TypeError('Failed to fetch dynamically imported module'))),
    succeed: () => act(async () => settle!.resolve({ default: RealPart })),
  };
}

/** A connected frame rendering `node` (a part beside the rest of a view). */
async function show(node: React.ReactNode) {
  ({ frame } = await createTestFrame({ wallets: [wallet] }));
  recordConnection(
    frame,
    frame.connectors.injected(wallet),
    { accounts: [ACCOUNT_0], chainId: 31337, name: wallet.name, icon: wallet.icon },
    { silent: true },
  );
  frame.store.setState((s) => ({ modal: { ...s.modal, open: true, stack: [{ view: 'Account' }] } }));
  await act(async () => {
    render(<FrameProvider frame={frame}>{node}</FrameProvider>);
  });
}

describe('a lazy part of a view whose chunk fails to load (spec §2 lazy parts)', () => {
  it("says 'This part could not load' in its place, the rest of the view stays, and Try again loads it", async () => {
    const chunk = controlledChunk();
    const Part = lazyPart(chunk.load);
    await show(
      <>
        <p>the rest of the view</p>
        <Suspense fallback={<p>Loading part</p>}>
          <Part />
        </Suspense>
      </>,
    );
    await chunk.fail();
    expect(screen.getByRole('alert').textContent).toBe('This part could not load');
    expect(screen.getByText('the rest of the view')).toBeTruthy();
    // Part-sized: no Back (that is the whole view's fallback, views/lazyView.tsx).
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(chunk.imports()).toBe(2);
    expect(screen.getByText('Loading part')).toBeTruthy();
    await chunk.succeed();
    expect(screen.getByText('the real part')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("the Account view whose tabs chunk fails shows the part's fallback, its header and Disconnect stay", async () => {
    const { AccountView } = await import('./AccountView.tsx');
    await show(
      <Suspense fallback={<p>Loading</p>}>
        <AccountView />
      </Suspense>,
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByTestId('part-load-failed').textContent).toContain('This part could not load');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeTruthy();
  });
});

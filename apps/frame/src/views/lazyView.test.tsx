// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { Suspense } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { recordConnection } from '../actions/connection.ts';
import { FrameProvider } from '../core/react.ts';
import ar from '../i18n/locales/ar.json';
import { connectionOf } from '../store/connection.ts';
import type { Frame } from '../store/frame.ts';
import { ACCOUNT_0, announcement, createTestFrame } from '../testing/testFrame.ts';
import { lazyView, type ViewModule } from './lazyView.tsx';

const wallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);
let frame: Frame;

afterEach(() => {
  cleanup();
  frame?.destroy();
});

/** The view a chunk holds. */
const RealView = () => <p>the real view</p>;

/** A view that fails while rendering (a bug, not a failed load). */
const Broken = () => {
  throw new Error('render bug');
};

/** A view chunk whose import the test settles: `fail()` rejects the pending import, `succeed()` resolves it. */
function controlledChunk() {
  let settle: { resolve(m: ViewModule<object>): void; reject(e: unknown): void } | null = null;
  let imports = 0;
  const load = () => {
    imports++;
    return new Promise<ViewModule<object>>((resolve, reject) => {
      settle = { resolve, reject };
    });
  };
  return {
    load,
    imports: () => imports,
    fail: () => act(async () => settle!.reject(new TypeError('Failed to fetch dynamically imported module'))),
    succeed: () => act(async () => settle!.resolve({ default: RealView })),
  };
}

/** A frame connected to the dev wallet, its stack Account → `Swap`, rendering `View` under a Suspense. */
async function show(View: React.ComponentType, providers?: (node: React.ReactNode) => React.ReactNode) {
  ({ frame } = await createTestFrame({ wallets: [wallet] }));
  recordConnection(
    frame,
    frame.connectors.injected(wallet),
    { accounts: [ACCOUNT_0], chainId: 31337, name: wallet.name, icon: wallet.icon },
    { silent: true },
  );
  frame.store.setState((s) => ({ modal: { ...s.modal, open: true, stack: [{ view: 'Account' }, { view: 'Swap' }] } }));
  const tree = (
    <FrameProvider frame={frame}>
      <Suspense fallback={<p>Loading</p>}>
        <View />
      </Suspense>
    </FrameProvider>
  );
  render(providers ? providers(tree) : tree);
}

describe('a lazy view whose chunk fails to load (spec §2 lazy parts)', () => {
  it("says 'This view could not load' and Try again loads the chunk again and shows the view", async () => {
    const chunk = controlledChunk();
    await show(lazyView(chunk.load));
    expect(screen.getByText('Loading')).toBeTruthy();
    await chunk.fail();
    expect(screen.getByRole('alert').textContent).toBe('This view could not load');
    expect(screen.queryByText('the real view')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(chunk.imports()).toBe(2);
    expect(screen.getByText('Loading')).toBeTruthy();
    await chunk.succeed();
    expect(screen.getByText('the real view')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(connectionOf(frame.store.getState()).status).toBe('connected');
  });

  it('Back leaves the view for the one below it and keeps the connection', async () => {
    const chunk = controlledChunk();
    await show(lazyView(chunk.load));
    await chunk.fail();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(frame.store.getState().modal.stack.map((r) => r.view)).toEqual(['Account']);
    expect(connectionOf(frame.store.getState()).status).toBe('connected');
    expect(connectionOf(frame.store.getState()).address).toBe(ACCOUNT_0);
  });

  it('an error the view itself throws is not taken for a failed load', async () => {
    const caught: unknown[] = [];
    const View = lazyView(() => Promise.resolve({ default: Broken }));
    ({ frame } = await createTestFrame({ wallets: [wallet] }));
    const onError = (event: ErrorEvent) => {
      caught.push(event.error);
      event.preventDefault();
    };
    window.addEventListener('error', onError);
    try {
      await act(async () => {
        render(
          <FrameProvider frame={frame}>
            <Suspense fallback={<p>Loading</p>}>
              <View />
            </Suspense>
          </FrameProvider>,
          { onRecoverableError: () => {} } as never,
        );
      });
    } catch (error) {
      caught.push(error);
    } finally {
      window.removeEventListener('error', onError);
    }
    expect(screen.queryByText('This view could not load')).toBeNull();
    expect(caught.some((e) => e instanceof Error && e.message === 'render bug')).toBe(true);
  });

  it('shows its message and buttons in Arabic, right to left', async () => {
    const i18n = createInstance();
    await i18n.use(initReactI18next).init({
      lng: 'ar',
      resources: { ar: { translation: ar } },
      keySeparator: false,
      nsSeparator: false,
      fallbackLng: false,
    });
    const chunk = controlledChunk();
    await show(lazyView(chunk.load), (node) => (
      <I18nextProvider i18n={i18n}>
        <div dir="rtl">{node}</div>
      </I18nextProvider>
    ));
    await chunk.fail();
    expect(screen.getByRole('alert').textContent).toBe(ar['error.ViewLoadFailed']);
    expect(screen.getByRole('button', { name: ar['Try again'] })).toBeTruthy();
    expect(screen.getByRole('button', { name: ar.Back })).toBeTruthy();
  });
});

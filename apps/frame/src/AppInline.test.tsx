// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './App.tsx';
import { pushRoute } from './actions/modal.ts';
import { FrameProvider } from './core/react.ts';
import { createTestFrame, flush, testConfig } from './testing/testFrame.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A ResizeObserver that reports once at observe time, with the element's offsetHeight (happy-dom lays nothing out). */
class ReportingObserver {
  constructor(private readonly callback: () => void) {}
  observe() {
    this.callback();
  }
  disconnect() {}
}

/** An embedded-mode frame rendered, with every `setLayout` argument the host got. */
async function renderInline() {
  vi.stubGlobal('ResizeObserver', ReportingObserver);
  const { frame, fake } = await createTestFrame({ config: { ...testConfig(), inline: true } });
  const layouts: unknown[] = [];
  const original = fake.host.setLayout;
  fake.host.setLayout = (async (layout: { open: boolean }) => (layouts.push(layout), original(layout))) as never;
  const view = render(
    <FrameProvider frame={frame}>
      <App />
    </FrameProvider>,
  );
  await act(() => flush());
  return { frame, layouts, view };
}

describe('App in embedded (inline) mode', () => {
  it('draws the widget without backdrop or aria-modal and reports its height, inline, to the host', async () => {
    const { layouts, view } = await renderInline();
    const backdrop = view.container.querySelector('.airlock-backdrop')!;
    expect(backdrop.classList.contains('airlock-inline')).toBe(true);
    expect(backdrop.classList.contains('airlock-closed')).toBe(false);
    expect(view.getByRole('dialog').hasAttribute('aria-modal')).toBe(false);
    expect(layouts).toEqual([{ open: true, height: 0, modal: false }]);
  });

  it('shows an approval as the modal overlay: backdrop and aria-modal back, the host told modal: true', async () => {
    const { frame, layouts, view } = await renderInline();
    await act(async () => {
      pushRoute(frame, { view: 'ApproveTransaction', requestId: 'r1', method: 'personal_sign' });
      await flush();
    });
    const backdrop = view.container.querySelector('.airlock-backdrop')!;
    expect(backdrop.classList.contains('airlock-inline')).toBe(false);
    expect(view.getByRole('dialog').getAttribute('aria-modal')).toBe('true');
    expect(layouts.at(-1)).toEqual({ open: true, height: 0, modal: true });
  });

  it('has no Close on its root view (closing would reset to it), Close and Back on a deeper view (spec §2)', async () => {
    const { frame, view } = await renderInline();
    expect(view.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(view.queryByRole('button', { name: 'Back' })).toBeNull();
    await act(async () => {
      pushRoute(frame, { view: 'Networks' });
      await flush();
    });
    expect(view.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(view.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('an approval shown as the modal overlay keeps its Close, even as the only view', async () => {
    const { frame, view } = await renderInline();
    await act(async () => {
      frame.store.setState((s) => ({
        modal: { ...s.modal, stack: [{ view: 'ApproveTransaction', requestId: 'r1', method: 'personal_sign' }] },
      }));
      await flush();
    });
    expect(view.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});

describe('App as a modal (not inline)', () => {
  it('keeps Close on its root view', async () => {
    const { frame } = await createTestFrame();
    frame.store.setState((s) => ({ modal: { ...s.modal, open: true } }));
    const view = render(
      <FrameProvider frame={frame}>
        <App />
      </FrameProvider>,
    );
    await act(() => flush());
    expect(view.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});

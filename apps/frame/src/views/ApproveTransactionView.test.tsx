// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEmailLogin, submitOtp } from '../actions/embeddedLogin.ts';
import type { Frame } from '../store/frame.ts';
import { FrameProvider } from '../core/react.ts';
import { topRoute } from '../store/routes.ts';
import { routeRequest } from '../handlers/request.ts';
import { createSecureFrameDouble } from '../testing/secureFrameDouble.ts';
import { createTestFrame, testConfig } from '../testing/testFrame.ts';
import { CurrentView } from './CurrentView.tsx';

let frame: Frame | null = null;
afterEach(() => {
  cleanup();
  frame?.destroy();
  frame = null;
  document.body.innerHTML = '';
});

describe('ApproveTransaction view', () => {
  it("reserves the secure frame's height and shows its iframe over that space without moving it in the DOM", async () => {
    const double = createSecureFrameDouble();
    // happy-dom does not load iframes: an element with the same style and focus API stands in.
    const iframe = document.createElement('div') as unknown as HTMLIFrameElement;
    iframe.tabIndex = -1;
    iframe.style.visibility = 'hidden';
    document.body.appendChild(iframe);
    double.element = iframe;
    ({ frame } = await createTestFrame({
      config: { ...testConfig(), features: { email: true } },
      secureFrame: double,
    }));
    const f = frame;
    f.store.setState((s) => ({ modal: { ...s.modal, open: true } }));
    await startEmailLogin(f, 'ada@example.com');
    await submitOtp(f, double.codes.get('ada@example.com')!);

    const answer = routeRequest(f, {
      method: 'personal_sign',
      params: ['0x01', double.address],
      chainNamespace: 'eip155',
    });
    await vi.waitFor(() => expect(double.pendingIds()).toHaveLength(1));
    const route = topRoute(f.store.getState().modal.stack);
    render(
      <FrameProvider frame={f}>
        <CurrentView route={route} />
      </FrameProvider>,
    );
    const slot = await screen.findByTestId('approve-slot');
    await vi.waitFor(() => expect(iframe.style.visibility).toBe('visible'));
    expect(slot.style.height).toBe('280px');
    expect(iframe.style.pointerEvents).toBe('auto');
    expect(iframe.parentElement).toBe(document.body);
    // Nothing on the way dims or transforms it.
    for (let el: HTMLElement | null = iframe; el; el = el.parentElement) {
      expect(el.style.opacity).toBe('');
      expect(el.style.transform).toBe('');
      expect(el.style.filter).toBe('');
    }

    // The secure frame hides its approval after the decision: the iframe hides with it.
    await act(async () => double.approve(double.pendingIds()[0]!));
    expect((await answer).ok).toBe(true);
    await vi.waitFor(() => expect(iframe.style.visibility).toBe('hidden'));
    expect(iframe.style.pointerEvents).toBe('none');
    expect(iframe.parentElement).toBe(document.body);
  });
});

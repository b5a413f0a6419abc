// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Frame } from '../store/frame.ts';
import { FrameProvider } from '../core/react.ts';
import { createSecureFrameDouble } from '../testing/secureFrameDouble.ts';
import { createTestFrame, testConfig } from '../testing/testFrame.ts';
import { ConnectView } from './ConnectView.tsx';
import { EmailLoginView } from './EmailLoginView.tsx';
import { EmailOtpInput } from './EmailOtpInput.tsx';
import { connectionOf } from '../store/connection.ts';

const EMAIL = 'ada@example.com';
let frame: Frame | null = null;

afterEach(() => {
  cleanup();
  frame?.destroy();
  frame = null;
  vi.useRealTimers();
});

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];
const paste = (el: HTMLElement, text: string) =>
  fireEvent.paste(el, { clipboardData: { getData: () => text } as unknown as DataTransfer });

describe('EmailOtpInput (6-digit code entry)', () => {
  it('a paste fills all boxes and submits once', () => {
    const done = vi.fn();
    render(<EmailOtpInput onComplete={done} />);
    paste(boxes()[2]!, ' 123 456 ');
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(done).toHaveBeenCalledExactlyOnceWith('123456');
  });

  it('typed digits advance, letters are ignored, Backspace goes back, and the sixth digit submits', () => {
    const done = vi.fn();
    render(<EmailOtpInput onComplete={done} />);
    const type = (i: number, v: string) => fireEvent.change(boxes()[i]!, { target: { value: v } });
    type(0, '9');
    expect(document.activeElement).toBe(boxes()[1]);
    type(1, 'x');
    expect(boxes()[1]!.value).toBe('');
    type(1, '8');
    fireEvent.keyDown(boxes()[2]!, { key: 'Backspace' });
    expect(boxes()[1]!.value).toBe('');
    expect(document.activeElement).toBe(boxes()[1]);
    for (const [i, d] of ['8', '7', '6', '5'].entries()) type(i + 1, d);
    expect(done).not.toHaveBeenCalled();
    type(5, '4');
    expect(done).toHaveBeenCalledExactlyOnceWith('987654');
  });
});

async function mount(view: 'connect' | 'login', features = { email: true }) {
  const double = createSecureFrameDouble();
  ({ frame } = await createTestFrame({ config: { ...testConfig(), features }, secureFrame: double }));
  frame.store.setState((s) => ({ modal: { ...s.modal, open: true } }));
  render(<FrameProvider frame={frame}>{view === 'connect' ? <ConnectView /> : <EmailLoginView />}</FrameProvider>);
  return { frame, double };
}

describe('Connect: the email field (spec §1 connect methods)', () => {
  it('is first when the email feature is on and a secure frame is deployed, absent otherwise', async () => {
    await mount('connect', { email: false });
    expect(screen.queryByPlaceholderText('Email')).toBeNull();
    cleanup();
    await mount('connect');
    const field = screen.getByPlaceholderText('Email');
    const walletConnect = screen.getByRole('button', { name: 'WalletConnect' });
    expect(field.compareDocumentPosition(walletConnect) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Spec §1 default connect-method order (row 1.21): email, then social, then the wallets.
    const socials = screen.getByTestId('socials-slot');
    expect(field.compareDocumentPosition(socials) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(socials.compareDocumentPosition(walletConnect) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says so under the field when the email is invalid, and keeps it', async () => {
    await mount('connect');
    fireEvent.change(screen.getByPlaceholderText('Email'), { target: { value: 'ada@' } });
    await act(async () => fireEvent.submit(screen.getByPlaceholderText('Email').closest('form')!));
    expect(screen.getByRole('alert').textContent).toBe('Invalid email');
    expect((screen.getByPlaceholderText('Email') as HTMLInputElement).value).toBe('ada@');
  });
});

describe('Connect: the email field after a sign-out', () => {
  it('empties when the remembered email is forgotten, even after the field appeared with it', async () => {
    const { frame } = await mount('connect');
    act(() => frame.store.setState((s) => ({ embedded: { ...s.embedded, email: EMAIL } })));
    cleanup();
    render(
      <FrameProvider frame={frame}>
        <ConnectView />
      </FrameProvider>,
    );
    expect((screen.getByPlaceholderText('Email') as HTMLInputElement).value).toBe(EMAIL);
    // The sign-out's forgetting lands while Connect already shows (forgetLoginData after the secure frame answered).
    const { forgetLoginData } = await import('../actions/embeddedLogin.ts');
    act(() => forgetLoginData(frame));
    expect((screen.getByPlaceholderText('Email') as HTMLInputElement).value).toBe('');
  });
});

describe('EmailLogin view', () => {
  it('shows the wrong-code message, clears the boxes, and connects with the pasted right code', async () => {
    const { frame, double } = await mount('login');
    const { startEmailLogin } = await import('../actions/embeddedLogin.ts');
    await act(async () => void (await startEmailLogin(frame, EMAIL)));
    expect(screen.getByTestId('email-login-address').textContent).toBe(EMAIL);
    await act(async () => paste(boxes()[0]!, '000000'));
    await vi.waitFor(() => expect(screen.getByTestId('email-login-error').textContent).toBe('Invalid code'));
    expect(
      boxes()
        .map((b) => b.value)
        .join(''),
    ).toBe('');
    await act(async () => paste(boxes()[0]!, double.codes.get(EMAIL)!));
    await vi.waitFor(() => expect(connectionOf(frame.store.getState()).status).toBe('connected'));
  });

  it('offers Resend only after the 30 s cool-down, counting down until then', async () => {
    const { frame } = await mount('login');
    const { startEmailLogin } = await import('../actions/embeddedLogin.ts');
    await act(async () => void (await startEmailLogin(frame, EMAIL)));
    const resend = screen.getByRole('button', { name: /Resend code/ }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(resend.textContent).toMatch(/^Resend code in (30|29)s$/);
    frame.store.setState((s) => ({
      embedded: { ...s.embedded, login: { ...s.embedded.login!, resendAt: Date.now() - 1 } },
    }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('VERIFY_DEVICE shows the waiting state with the address and Cancel', async () => {
    const { frame, double } = await mount('login');
    double.hang.add('connectDevice');
    double.mode = 'VERIFY_DEVICE';
    const { startEmailLogin } = await import('../actions/embeddedLogin.ts');
    await act(async () => void startEmailLogin(frame, EMAIL));
    await vi.waitFor(() =>
      expect(screen.getByTestId('email-verify-device').textContent).toContain(`We sent a link to ${EMAIL}`),
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it("shows 'Network Error - Could not load embedded wallet' with Try again when the secure frame fails", async () => {
    const { frame } = await mount('login');
    act(() =>
      frame.store.setState((s) => ({
        embedded: {
          ...s.embedded,
          status: 'failed',
          alert: {
            key: 'alert.embeddedLoadFailed',
            short: 'Network Error - Could not load embedded wallet',
            long: 'Try again later.',
          },
        },
      })),
    );
    expect(screen.getByRole('alert').textContent).toContain('Network Error - Could not load embedded wallet');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

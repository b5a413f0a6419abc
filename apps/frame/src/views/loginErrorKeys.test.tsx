// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createInstance, type i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@airlock/protocol';
import { FrameProvider } from '../core/react.ts';
import es from '../i18n/locales/es.json';
import { loginShownError } from '../i18n/loginErrors.ts';
import type { Frame } from '../store/frame.ts';
import { createSecureFrameDouble } from '../testing/secureFrameDouble.ts';
import { createTestFrame, testConfig } from '../testing/testFrame.ts';
import { ConnectingSocialView } from './ConnectingSocialView.tsx';
import { EmailLoginView } from './EmailLoginView.tsx';

/**
 * The login errors of the secure frame show by their message key (`data.messageKey`), in the
 * visitor's language, whatever their English `message` says; the params fill the placeholders;
 * an unknown key is ignored and the message shows as it came.
 */

const EMAIL = 'ada@example.com';
let frame: Frame | null = null;

afterEach(() => {
  cleanup();
  frame?.destroy();
  frame = null;
});

async function spanish(): Promise<i18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: 'es',
    resources: { es: { translation: es } },
    keySeparator: false,
    nsSeparator: false,
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

async function mount(view: ReactNode) {
  const double = createSecureFrameDouble();
  ({ frame } = await createTestFrame({ config: { ...testConfig(), features: { email: true } }, secureFrame: double }));
  frame.store.setState((s) => ({ modal: { ...s.modal, open: true } }));
  const i18n = await spanish();
  render(
    <I18nextProvider i18n={i18n}>
      <FrameProvider frame={frame}>{view}</FrameProvider>
    </I18nextProvider>,
  );
  return { frame, double };
}

describe('EmailLogin: errors by message key', () => {
  it("shows the key's Spanish text, not the message it came with", async () => {
    const { frame, double } = await mount(<EmailLoginView />);
    const { startEmailLogin, submitOtp } = await import('../actions/embeddedLogin.ts');
    await act(async () => void (await startEmailLogin(frame, EMAIL)));
    double.failNext.set('connectOtp', {
      code: ErrorCode.InvalidParams,
      message: 'Something else entirely',
      data: { messageKey: 'error.LoginInvalidCode' },
    });
    await act(async () => submitOtp(frame, '000000'));
    await vi.waitFor(() =>
      expect(screen.getByTestId('email-login-error').textContent).toBe(es['error.LoginInvalidCode']),
    );
    expect(es['error.LoginInvalidCode']).toBe('Código no válido');
  });

  it("fills the cool-down's seconds", async () => {
    const { frame, double } = await mount(<EmailLoginView />);
    double.failNext.set('connectEmail', {
      code: 429,
      message: 'Wait a bit',
      data: { messageKey: 'error.LoginCooldown', params: { seconds: 12 } },
    });
    const { startEmailLogin } = await import('../actions/embeddedLogin.ts');
    await act(async () => void (await startEmailLogin(frame, EMAIL)));
    const shown = es['error.LoginCooldown'].replace('{{seconds}}', '12');
    expect(shown).toBe('Inténtalo de nuevo en 12 segundos');
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe(shown));
  });

  it('an unknown key is ignored: the message shows as it came', async () => {
    const { frame, double } = await mount(<EmailLoginView />);
    const { startEmailLogin, submitOtp } = await import('../actions/embeddedLogin.ts');
    await act(async () => void (await startEmailLogin(frame, EMAIL)));
    double.failNext.set('connectOtp', {
      code: ErrorCode.InvalidParams,
      message: 'Some message',
      data: { messageKey: 'error.SendInvalidAmount' },
    });
    await act(async () => submitOtp(frame, '000000'));
    await vi.waitFor(() => expect(screen.getByTestId('email-login-error').textContent).toBe('Some message'));
  });
});

describe('ConnectingSocial: errors by message key', () => {
  it("shows a social timeout's Spanish text whatever its message", async () => {
    const { frame } = await mount(<ConnectingSocialView />);
    act(() =>
      frame.store.setState((s) => ({
        embedded: {
          ...s.embedded,
          social: {
            provider: 'google',
            pending: false,
            error: loginShownError({ message: 'Unrelated words', data: { messageKey: 'error.LoginTimedOut' } }),
          },
        },
      })),
    );
    expect(screen.getByTestId('social-error').textContent).toBe(es['error.LoginTimedOut']);
  });
});

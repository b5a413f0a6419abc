import { ErrorCode } from '@airlock/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '../store/frame.ts';
import { createSecureFrameDouble } from '../testing/secureFrameDouble.ts';
import { announcement, createTestFrame, testConfig } from '../testing/testFrame.ts';
import {
  ACCOUNT_TYPE_NEEDS_LOGIN,
  SMART_ACCOUNT_NOT_AVAILABLE,
  canSwitchTo,
  setPreferredAccountType,
} from './accountType.ts';
import { connectInjected } from './connect.ts';
import { openModal } from './modal.ts';
import { startEmailLogin, submitOtp } from './embeddedLogin.ts';
import { connectionOf } from '../store/connection.ts';
import { announcedEntry } from '../connectors/injected/index.ts';

const devWallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);
const frames: Frame[] = [];

afterEach(() => {
  for (const f of frames.splice(0)) f.destroy();
});

describe('preferred account type (spec §5)', () => {
  it('a page wallet connection cannot set it (auth connector only), and the secure frame is never asked', async () => {
    const double = createSecureFrameDouble();
    const { frame } = await createTestFrame({
      wallets: [devWallet],
      config: { ...testConfig(), features: { email: true } },
      secureFrame: double,
    });
    frames.push(frame);
    await connectInjected(frame, announcedEntry(devWallet));
    expect(connectionOf(frame.store.getState()).status).toBe('connected');
    for (const type of ['smartAccount', 'eoa'] as const) {
      const answer = await setPreferredAccountType(frame, type);
      expect(answer).toMatchObject({
        ok: false,
        error: { code: ErrorCode.Unauthorized, message: ACCOUNT_TYPE_NEEDS_LOGIN },
      });
    }
    expect(double.calls.map((c) => c.name)).not.toContain('setPreferredAccountType');
    expect(canSwitchTo(frame.store.getState(), 'smartAccount')).toBe(false);
  });

  it('the embedded wallet switches to a smart account only where the deployment enables it', async () => {
    const double = createSecureFrameDouble();
    const { frame } = await createTestFrame({
      config: { ...testConfig(), features: { email: true } },
      secureFrame: double,
    });
    frames.push(frame);
    openModal(frame);
    await startEmailLogin(frame, 'ada@example.com');
    await submitOtp(frame, double.codes.get('ada@example.com') as string);
    expect(connectionOf(frame.store.getState()).wallet?.type).toBe('AUTH');
    // The double's deployment enables no network: the §5 rule refuses before asking the secure frame.
    expect(frame.store.getState().embedded.smartAccountEnabledNetworks).toEqual([]);
    expect(canSwitchTo(frame.store.getState(), 'smartAccount')).toBe(false);
    expect(await setPreferredAccountType(frame, 'smartAccount')).toMatchObject({
      ok: false,
      error: { code: ErrorCode.InvalidParams, message: SMART_ACCOUNT_NOT_AVAILABLE },
    });
    expect(double.calls.map((c) => c.name)).not.toContain('setPreferredAccountType');
  });
});

import { ErrorCode } from '@airlock/protocol';
import { verifyMessage } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readLoginData } from '../connectors/embedded/loginData.ts';
import type { Frame } from '../store/frame.ts';
import { topRoute } from '../store/routes.ts';
import { widgetState } from '../store/widgetState.ts';
import { routeRequest } from '../handlers/request.ts';
import { createSecureFrameDouble, type SecureFrameDouble } from '../testing/secureFrameDouble.ts';
import { createTestFrame, memoryStorage, testConfig } from '../testing/testFrame.ts';
import { disconnect } from './disconnect.ts';
import { closeModal, openModal } from './modal.ts';
import { resendCode, startEmailLogin, submitOtp } from './embeddedLogin.ts';
import { goBack } from './modal.ts';
import { openUpdateEmail, submitNewEmail, submitUpdateOtp } from './embeddedUpdate.ts';
import { connectionOf } from '../store/connection.ts';

const EMAIL = 'ada@example.com';
const frames: Frame[] = [];

async function setup(double = createSecureFrameDouble(), local = memoryStorage()) {
  const config = { ...testConfig(), features: { email: true } };
  const { frame, fake } = await createTestFrame({ config, secureFrame: double, local });
  frames.push(frame);
  return { frame, fake, double, local };
}

async function logIn(frame: Frame, double: SecureFrameDouble) {
  openModal(frame);
  expect((await startEmailLogin(frame, EMAIL)).ok).toBe(true);
  await submitOtp(frame, double.codes.get(EMAIL)!);
  expect(connectionOf(frame.store.getState()).status).toBe('connected');
}

const dapp = (frame: Frame, method: string, params?: unknown[]) =>
  routeRequest(frame, { method, ...(params ? { params } : {}), chainNamespace: 'eip155' });

afterEach(() => {
  for (const f of frames.splice(0)) f.destroy();
  vi.useRealTimers();
});

describe('email login (spec §4)', () => {
  it('VERIFY_OTP: a wrong code shows the message, the right one connects the embedded account as AUTH', async () => {
    const { frame, double } = await setup();
    openModal(frame);
    expect((await startEmailLogin(frame, EMAIL)).ok).toBe(true);
    expect(topRoute(frame.store.getState().modal.stack).view).toBe('EmailLogin');
    expect(frame.store.getState().embedded.login).toMatchObject({ email: EMAIL, step: 'otp', pending: false });
    const code = double.codes.get(EMAIL)!;
    await submitOtp(frame, code === '111111' ? '222222' : '111111');
    expect(frame.store.getState().embedded.login?.error).toBe('Invalid code');
    expect(connectionOf(frame.store.getState()).status).toBe('disconnected');
    await submitOtp(frame, code);
    const state = frame.store.getState();
    // Signed in on the widget's active network, not the secure frame's default one.
    expect(connectionOf(state)).toMatchObject({
      status: 'connected',
      address: double.address,
      caipNetworkId: 'eip155:31337',
    });
    expect(connectionOf(state).wallet).toMatchObject({ type: 'AUTH', name: EMAIL, connectorId: 'embedded' });
    expect(state.modal.open).toBe(false);
    expect(state.embedded).toMatchObject({
      email: EMAIL,
      emailLoginUsed: true,
      preferredAccountType: 'eoa',
    });
    expect(connectionOf(state).accountType).toBe('eoa');
    expect(readLoginData(frame.secrets)).toEqual({ email: EMAIL, emailLoginUsed: true, lastEmailLoginTime: null });
    expect(widgetState(state).connectedWalletInfo?.type).toBe('AUTH');
  });

  it("shows 'Code expired' for an expired code and keeps the login for a new try", async () => {
    const { frame, double } = await setup();
    openModal(frame);
    await startEmailLogin(frame, EMAIL);
    double.expiredCodes.add('123456');
    await submitOtp(frame, '123456');
    expect(frame.store.getState().embedded.login).toMatchObject({ email: EMAIL, step: 'otp', error: 'Code expired' });
  });

  it("refuses an invalid email and a second login within 30 s ('Please try again after N seconds', spec §5)", async () => {
    const { frame } = await setup();
    openModal(frame);
    expect(await startEmailLogin(frame, 'not-an-email')).toMatchObject({
      ok: false,
      error: { message: 'Invalid email' },
    });
    const t0 = Date.now();
    await startEmailLogin(frame, EMAIL, t0);
    const again = await startEmailLogin(frame, EMAIL, t0 + 12_000);
    expect(again).toMatchObject({ ok: false, error: { message: 'Please try again after 18 seconds' } });
  });

  it("resend waits for the cool-down and shows the API's own cool-down answer", async () => {
    const { frame, double } = await setup();
    openModal(frame);
    let now = 1_000_000;
    double.now = () => now;
    await startEmailLogin(frame, EMAIL, now);
    const sent = double.calls.filter((c) => c.name === 'connectEmail').length;
    await resendCode(frame, now + 10_000);
    expect(double.calls.filter((c) => c.name === 'connectEmail').length).toBe(sent);
    now += 20_000; // the double's own clock is 10 s behind the frame's here
    await resendCode(frame, now + 11_000);
    expect(frame.store.getState().embedded.login?.error).toBe('Please try again after 10 seconds');
  });

  it('VERIFY_DEVICE waits for the device approval, then connects', async () => {
    const { frame, double } = await setup();
    double.mode = 'VERIFY_DEVICE';
    openModal(frame);
    await startEmailLogin(frame, EMAIL);
    expect(double.calls.map((c) => c.name)).toContain('connectDevice');
    expect(connectionOf(frame.store.getState()).status).toBe('connected');
  });

  it('leaving the device wait (Back) ends the login: a device approved later connects nothing', async () => {
    const { frame, double } = await setup();
    double.mode = 'VERIFY_DEVICE';
    let approve = () => {};
    double.deviceApproved = new Promise<void>((resolve) => (approve = resolve));
    openModal(frame);
    const login = startEmailLogin(frame, EMAIL);
    await vi.waitFor(() => expect(frame.store.getState().embedded.login?.step).toBe('device'));
    goBack(frame);
    expect(frame.store.getState().embedded.login).toBeNull();
    approve();
    await login;
    expect(connectionOf(frame.store.getState()).status).toBe('disconnected');
    expect(topRoute(frame.store.getState().modal.stack).view).toBe('Connect');
  });
});

describe('embedded-wallet requests (spec §4, §6)', () => {
  it('an unsafe request opens ApproveTransaction, resolves with the signature of the embedded account, then the modal closes', async () => {
    const { frame, double } = await setup();
    await logIn(frame, double);
    const message = '0x68656c6c6f';
    const answer = dapp(frame, 'personal_sign', [message, double.address]);
    await vi.waitFor(() => expect(double.pendingIds()).toHaveLength(1));
    const { modal, embedded } = frame.store.getState();
    expect(modal.open).toBe(true);
    // The route carries the method: the view is titled by what is asked ("Sign Message").
    expect(topRoute(modal.stack)).toEqual({
      view: 'ApproveTransaction',
      requestId: double.pendingIds()[0],
      method: 'personal_sign',
    });
    expect(embedded.layout).toEqual({ height: 280, requestId: double.pendingIds()[0] });
    const request = double.calls.find((c) => c.name === 'rpcRequest')!.args[0] as Record<string, unknown>;
    expect(request).toMatchObject({
      method: 'personal_sign',
      caipNetworkId: 'eip155:31337',
      rpcUrl: 'http://127.0.0.1:1',
      // The page's coin, which the secure frame uses (and names as the app's) only when its deployment has none.
      nativeCurrency: { symbol: 'ETH', decimals: 18 },
    });
    await double.approve(double.pendingIds()[0]!);
    const result = await answer;
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(
        await verifyMessage({
          address: double.address,
          message: { raw: message },
          signature: result.value as `0x${string}`,
        }),
      ).toBe(true);
    expect(frame.store.getState().modal.open).toBe(false);
  });

  it('a rejection reaches the dapp as 4001 and pops back to the view under the approval', async () => {
    const { frame, double } = await setup();
    await logIn(frame, double);
    openModal(frame);
    const answer = dapp(frame, 'eth_sendTransaction', [{ to: double.address, value: '0x1' }]);
    await vi.waitFor(() => expect(double.pendingIds()).toHaveLength(1));
    double.reject(double.pendingIds()[0]!);
    expect(await answer).toMatchObject({ ok: false, error: { code: ErrorCode.UserRejected } });
    expect(frame.store.getState().modal).toMatchObject({ open: true, stack: [{ view: 'Account' }] });
  });

  it('closing the modal on ApproveTransaction rejects the pending request (RPC_ABORT, 4001)', async () => {
    const { frame, double } = await setup();
    await logIn(frame, double);
    const answer = dapp(frame, 'personal_sign', ['0x01', double.address]);
    await vi.waitFor(() => expect(double.pendingIds()).toHaveLength(1));
    const id = double.pendingIds()[0];
    closeModal(frame);
    expect(await answer).toEqual({
      ok: false,
      error: { code: ErrorCode.UserRejected, message: 'Request was aborted' },
    });
    expect(double.calls.filter((c) => c.name === 'rpcAbort').map((c) => c.args[0])).toEqual([{ id }]);
    expect(double.pendingIds()).toEqual([]);
  });

  it('safe requests are answered without an approval; an unknown method is refused with the message 300 ms later', async () => {
    const { frame, double } = await setup();
    await logIn(frame, double);
    expect(await dapp(frame, 'eth_accounts')).toEqual({ ok: true, value: [double.address] });
    expect(frame.store.getState().modal.open).toBe(false);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await dapp(frame, 'eth_sign', ['0x1'])).toMatchObject({
      ok: false,
      error: { code: ErrorCode.UnsupportedMethod },
    });
    expect(frame.store.getState().toast.open).toBe(false);
    await vi.waitFor(() =>
      expect(frame.store.getState().toast).toMatchObject({ open: true, message: 'Requested RPC call is not allowed' }),
    );
    // Spec §8 'Action not allowed' (also logged to console), naming the method.
    expect(errors).toHaveBeenCalledWith('[airlock] Action not allowed: eth_sign');
    errors.mockRestore();
  });

  it('wallet_switchEthereumChain switches the embedded wallet and shows SwitchNetwork while it runs', async () => {
    const { frame, double } = await setup();
    await logIn(frame, double);
    const seen: string[] = [];
    const stop = frame.store.subscribe((s) => s.modal.open && seen.push(topRoute(s.modal.stack).view));
    expect(await dapp(frame, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toEqual({ ok: true, value: null });
    stop();
    expect(seen).toContain('SwitchNetwork');
    expect(connectionOf(frame.store.getState()).caipNetworkId).toBe('eip155:31338');
    expect(frame.store.getState().modal.open).toBe(false);
    expect(double.calls.find((c) => c.name === 'switchNetwork')?.args[0]).toEqual({
      caipNetworkId: 'eip155:31338',
      rpcUrl: 'http://127.0.0.1:2',
    });
  });
});

describe('restore, disconnect and email update', () => {
  it('a reload restores the embedded session without a code (IS_CONNECTED, GET_USER)', async () => {
    const double = createSecureFrameDouble();
    const local = memoryStorage();
    const first = await setup(double, local);
    await logIn(first.frame, double);
    first.frame.destroy();
    double.calls.length = 0;
    const { frame } = await setup(double, local);
    expect(connectionOf(frame.store.getState())).toMatchObject({ status: 'connected', address: double.address });
    expect(double.calls.map((c) => c.name)).toEqual([
      'syncDappData',
      'syncTheme',
      'isConnected',
      'getUser',
      'getSmartAccountEnabledNetworks',
    ]);
    // After the sign-in: which networks have smart accounts (spec §7), for the Account view's switch.
  });

  it('disconnect signs out and clears the cached login data', async () => {
    const { frame, double } = await setup();
    await logIn(frame, double);
    disconnect(frame);
    await vi.waitFor(() => expect(double.calls.map((c) => c.name)).toContain('signOut'));
    await vi.waitFor(() => expect(frame.store.getState().embedded.email).toBeNull());
    expect(double.session).toBeNull();
    expect(readLoginData(frame.secrets)).toEqual({ email: null, emailLoginUsed: false, lastEmailLoginTime: null });
    expect(connectionOf(frame.store.getState()).status).toBe('disconnected');
  });

  it('updates the email with a code to the current and one to the new address', async () => {
    const { frame, double } = await setup();
    await logIn(frame, double);
    openModal(frame);
    expect(openUpdateEmail(frame).ok).toBe(true);
    await submitNewEmail(frame, 'grace@example.com');
    expect(frame.store.getState().embedded.update?.step).toBe('primary');
    await submitUpdateOtp(frame, double.codes.get(EMAIL)!);
    expect(frame.store.getState().embedded.update?.step).toBe('secondary');
    await submitUpdateOtp(frame, '000000');
    expect(frame.store.getState().embedded.update?.error).toBe('Invalid code');
    await submitUpdateOtp(frame, double.codes.get('grace@example.com')!);
    const state = frame.store.getState();
    expect(state.embedded).toMatchObject({ email: 'grace@example.com', update: null });
    expect(connectionOf(state).wallet?.name).toBe('grace@example.com');
    expect(readLoginData(frame.secrets).email).toBe('grace@example.com');
  });

  it("refuses the email update without an email login (spec §8 'Not connected to email or social')", async () => {
    const { frame } = await setup();
    expect(openUpdateEmail(frame)).toMatchObject({
      ok: false,
      error: { message: 'Not connected to email or social' },
    });
  });
});

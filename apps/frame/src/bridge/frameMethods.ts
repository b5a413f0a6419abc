import { frameMethods, ok, validate, type FrameMethods, type Result } from '@airlock/protocol';
import { disconnect } from '../actions/disconnect.ts';
import { closeModal, openModal, waitForClose } from '../actions/modal.ts';
import { getWidgetState } from '../actions/state.ts';
import { switchNetwork } from '../actions/switchNetwork.ts';
import { handleWalletEvent } from '../actions/walletEvents.ts';
import { routeRequest } from '../rpc/route.ts';
import { thrownToResult } from './host.ts';

/** Runs `fn`, turning anything thrown into a failed Result: nothing throws across penpal. */
async function safe<T>(fn: () => Promise<Result<T>> | Result<T>): Promise<Result<T>> {
  try {
    return await fn();
  } catch (error) {
    return thrownToResult(error);
  }
}

/**
 * The methods the frame exposes to the host (protocol `frameMethods`).
 * Every call validates its positional arguments with
 * `validate(frameMethods[name].params, args)`: malformed input returns -32602
 * and changes nothing. Every call returns a Result and never throws.
 */
export function createFrameMethods(): FrameMethods {
  return {
    open: (...args: unknown[]) =>
      safe(async () => {
        const parsed = validate(frameMethods.open.params, args);
        if (!parsed.ok) return parsed;
        const closed = waitForClose();
        openModal({ view: parsed.value[0]?.view });
        return ok(await closed);
      }),
    close: (...args: unknown[]) =>
      safe(() => {
        const parsed = validate(frameMethods.close.params, args);
        if (!parsed.ok) return parsed;
        closeModal();
        return ok(null);
      }),
    request: (...args: unknown[]) =>
      safe(async () => {
        const parsed = validate(frameMethods.request.params, args);
        if (!parsed.ok) return parsed;
        return routeRequest(parsed.value[0]);
      }),
    getState: (...args: unknown[]) =>
      safe(() => {
        const parsed = validate(frameMethods.getState.params, args);
        if (!parsed.ok) return parsed;
        return ok(getWidgetState());
      }),
    switchNetwork: (...args: unknown[]) =>
      safe(async () => {
        const parsed = validate(frameMethods.switchNetwork.params, args);
        if (!parsed.ok) return parsed;
        return switchNetwork(parsed.value[0]);
      }),
    disconnect: (...args: unknown[]) =>
      safe(() => {
        const parsed = validate(frameMethods.disconnect.params, args);
        if (!parsed.ok) return parsed;
        disconnect();
        return ok(null);
      }),
    walletEvent: (...args: unknown[]) =>
      safe(async () => {
        const parsed = validate(frameMethods.walletEvent.params, args);
        if (!parsed.ok) return parsed;
        await handleWalletEvent(parsed.value[0]);
        return ok(null);
      }),
  } as FrameMethods;
}

import { createStore } from 'zustand/vanilla';
import { EMBEDDED_TIMEOUTS_MS, ErrorCode, type EmbeddedUser } from '@airlock/protocol';
import { apiFailure, loginFailure, type ApiClient } from '../api/client.ts';
import type { AccountView, SessionTokens } from '../wallet/session.ts';
import { ceremonyAllowedHere, runCeremony } from './ceremony.ts';
import { openPasskeyWindow, type CeremonyKind, type CeremonyRequest, type PasskeyWindow } from './window.ts';

/** A passkey of the signed-in account as the API lists it (times in ms since the epoch). */
export type PasskeyEntry = {
  id: string;
  name: string;
  backedUp: boolean;
  createdAt: number;
  lastUsedAt: number | null;
};

/** What the passkey flows need from their secure frame. */
export type PasskeyDeps = {
  api: ApiClient;
  /** The verified dapp. @throws 4900 when not verified */
  dapp: () => { projectId: string; dappOrigin: string };
  /** Ends a login with the API's session (wallet/session.ts `finishLogin`). */
  finishLogin: (tokens: SessionTokens, account: AccountView) => Promise<EmbeddedUser>;
  /** Tells the widget frame a login started (`passkeyStarted`). */
  started: (popup: boolean) => void;
  /** Whether this document may run the ceremony itself (default {@link ceremonyAllowedHere}). */
  allowedHere?: (kind: CeremonyKind) => boolean;
  /** Opens the passkey window (default {@link openPasskeyWindow}). */
  openWindow?: () => PasskeyWindow | null;
  /** Runs a ceremony here (default {@link runCeremony}). */
  ceremony?: (request: CeremonyRequest) => Promise<unknown>;
};

/** The passkey manager's state (its UI in the Account view). */
export type PasskeyManagerState = { passkeys: PasskeyEntry[] | null; busy: boolean; error: string | null };

type Options = { challengeId: string; options: Record<string, unknown> };
type LoginAnswer = { session: SessionTokens; account: AccountView };

/** A refused or cancelled ceremony in the protocol's terms (the browser's NotAllowedError: nothing chosen). */
function ceremonyFailure(error: unknown) {
  const name = (error as { name?: string }).name;
  if (name === 'NotAllowedError' || (error as { code?: number }).code === ErrorCode.UserRejected)
    return loginFailure(ErrorCode.UserRejected, 'PasskeyNotUsed');
  return error;
}

/**
 * Passkeys of one secure frame (docs/embedded-wallet.md "Passkeys"): login and sign-up from
 * the buttons C draws on Connect, a new passkey, the list and removal from the manager C draws
 * in Account. Each click runs the WebAuthn ceremony in the frame when the browser allows it
 * there, else in the passkey window on C's origin (opened in the click). The API calls carry
 * this frame's device key, which the challenge is bound to.
 */
export function createPasskeys(deps: PasskeyDeps) {
  const allowedHere = deps.allowedHere ?? ceremonyAllowedHere;
  const openWindow = deps.openWindow ?? openPasskeyWindow;
  const ceremony = deps.ceremony ?? runCeremony;
  const manager = createStore<PasskeyManagerState>(() => ({ passkeys: null, busy: false, error: null }));
  let current: { outcome: Promise<EmbeddedUser>; cancel: () => void } | null = null;

  /**
   * One ceremony, in the click: the window opens NOW when the frame may not run it; then the
   * options from the API, the browser's credential, and the API's verdict.
   */
  const perform = (kind: CeremonyKind, optionsOf: () => Promise<Options>) => {
    const popup = allowedHere(kind) ? null : openWindow();
    const viaWindow = !allowedHere(kind);
    const run = async <T>(verify: (challengeId: string, response: unknown) => Promise<T>): Promise<T> => {
      if (viaWindow && !popup) throw loginFailure(ErrorCode.InternalError, 'PasskeyPopupBlocked');
      const asked = optionsOf();
      const request = asked.then(({ options }) => ({ kind, options }));
      let response: unknown;
      try {
        response = popup ? await popup.ceremony(request) : await ceremony(await request);
      } catch (error) {
        popup?.close();
        throw ceremonyFailure(error);
      }
      return verify((await asked).challengeId, response);
    };
    return { popup, viaWindow, run };
  };

  const begin = (kind: 'login' | 'signup') => {
    current?.cancel();
    const { dappOrigin, projectId } = deps.dapp();
    const { popup, viaWindow, run } = perform(kind === 'login' ? 'get' : 'create', () =>
      deps.api.call<Options>(`/embedded/v1/passkey/${kind}/options`, { body: { projectId, dappOrigin } }),
    );
    let stopped = false;
    deps.started(viaWindow);
    const outcome = run(async (challengeId, response) => {
      if (stopped) throw loginFailure(ErrorCode.UserRejected, 'Rejected');
      const answer = await deps.api.call<LoginAnswer>(`/embedded/v1/passkey/${kind}/verify`, {
        body: { challengeId, response },
        timeoutMs: EMBEDDED_TIMEOUTS_MS.login,
      });
      return deps.finishLogin(answer.session, answer.account);
    });
    const entry = {
      outcome,
      cancel: () => {
        stopped = true;
        popup?.close();
      },
    };
    current = entry;
    const clear = () => {
      if (current === entry) current = null;
    };
    outcome.then(clear, clear);
  };

  const refresh = async () => {
    try {
      const { passkeys } = await deps.api.call<{ passkeys: PasskeyEntry[] }>('/embedded/v1/passkeys', { auth: true });
      manager.setState({ passkeys, error: null });
    } catch (error) {
      manager.setState({ error: (error as Error).message });
    }
  };

  const busy = async (work: () => Promise<unknown>) => {
    manager.setState({ busy: true, error: null });
    try {
      await work();
    } catch (error) {
      manager.setState({ error: (ceremonyFailure(error) as Error).message });
    } finally {
      manager.setState({ busy: false });
      await refresh();
    }
  };

  return {
    /** The manager's state (list, busy, last error). */
    manager,
    /** "Sign in with a passkey" clicked (a trusted click): a login with a discoverable passkey, no email asked. */
    login: () => begin('login'),
    /** "Create a passkey" clicked: a new wallet whose login is this passkey. */
    signUp: () => begin('signup'),
    /** connectPasskey: the outcome of the running login or sign-up. @throws -32603 when none runs */
    connect: (): Promise<EmbeddedUser> => {
      if (!current) throw apiFailure(ErrorCode.InternalError, 'No passkey sign-in is running');
      return current.outcome;
    },
    /** Cancels the running login (its window closes). */
    abort: () => current?.cancel(),
    /** Loads the signed-in account's passkeys into the manager. */
    refresh,
    /** "Add a passkey" clicked (signed in): registers a new passkey for the account. */
    add: () => {
      const { run } = perform('create', () =>
        deps.api.call<Options>('/embedded/v1/passkey/register/options', { auth: true, body: {} }),
      );
      return busy(() =>
        run((challengeId, response) =>
          deps.api.call('/embedded/v1/passkey/register/verify', { auth: true, body: { challengeId, response } }),
        ),
      );
    },
    /** "Remove" clicked: the passkey no longer signs in (409 for the last login of a passkey-only wallet). */
    remove: (id: string) => busy(() => deps.api.call('/embedded/v1/passkeys/remove', { auth: true, body: { id } })),
  };
}

/** A secure frame's passkeys. */
export type Passkeys = ReturnType<typeof createPasskeys>;

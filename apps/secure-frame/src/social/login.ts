import {
  EMBEDDED_TIMEOUTS_MS,
  ErrorCode,
  SOCIAL_POPUP,
  type EmbeddedUser,
  type SocialProvider,
} from '@airlock/protocol';
import { apiFailure, loginFailure, type ApiClient } from '../api/client.ts';
import type { AccountView, SessionTokens, SocialLogin } from '../wallet/session.ts';
import { flowOfResultUri, navigateTop } from './redirect.ts';

/** The URL parameter of the popup's loading page (`/?social=<provider>` on C's origin). */
export const SOCIAL_POPUP_PARAM = 'social';

/** What the social login needs from its secure frame. */
export type SocialLoginDeps = {
  api: ApiClient;
  /** The verified dapp. @throws 4900 when not verified */
  dapp: () => { projectId: string; dappOrigin: string };
  /** Ends the login with the API's session (wallet/session.ts `finishSocial`). */
  finish: (tokens: SessionTokens, account: AccountView, login: SocialLogin) => Promise<EmbeddedUser>;
  /** Tells the widget frame a popup opened (`socialStarted`). */
  started: (provider: SocialProvider) => void;
  /** Opens the popup; default `window.open` 600x800 centred (tests replace it). */
  open?: (url: string) => Window | null;
  /** The popup's loading page for `provider`; default `/?social=<provider>` on this frame's origin. */
  loadingUrl?: (provider: SocialProvider) => string;
  /** Waits `ms`; default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** Clock in ms (tests). */
  now?: () => number;
  /** The wallet API's base URL (the deployment's `apiUrl`): a `result_uri` must be its result URL. */
  apiUrl?: string;
  /** Redirect mode: sends the top-level page to the provider; default {@link navigateTop} (tests replace it). */
  navigate?: (url: string) => void;
  /** False when this frame's storage lives in memory only (the device key would not survive the page leaving); default true. */
  persistent?: () => boolean;
};

/** The CONNECT_SOCIAL request: wait for a provider's login, or finish the page's `result_uri`. */
export type SocialConnectRequest = { provider: SocialProvider } | { uri: string };

type FinishAnswer =
  | { status: 'pending' }
  | { status: 'failed'; message: string }
  | {
      status: 'done';
      session: SessionTokens;
      account: AccountView;
      social: { provider: SocialProvider; email: string | null; userName: string | null };
    };

/** The default popup: C's own loading page, 600x800 (spec §2), centred on the screen. */
function openCentred(url: string): Window | null {
  const left = Math.max(0, Math.round(screenX + (outerWidth - SOCIAL_POPUP.width) / 2));
  const top = Math.max(0, Math.round(screenY + (outerHeight - SOCIAL_POPUP.height) / 2));
  return window.open(
    url,
    'airlock-social',
    `popup,width=${SOCIAL_POPUP.width},height=${SOCIAL_POPUP.height},left=${left},top=${top}`,
  );
}

/**
 * The social login of one secure frame (docs/embedded-wallet.md "Social login"):
 * `start` runs in the click handler of a provider button (the popup needs this
 * frame's user activation), opens the popup on C's loading page, asks the API for
 * the provider's authorization URL and sends the popup there. Then, every second
 * (spec §9), it checks the popup and asks the API whether the provider sent the
 * person back: 'Popup closed' when the popup closed first. `connect` is
 * CONNECT_SOCIAL: the widget frame's wait for that outcome (120 s).
 * In redirect mode (`setRedirect`, docs/embedded-wallet.md "Social login, redirect mode")
 * the click sends the whole page to the provider instead, and `connect({ uri })` finishes
 * the login back on the dapp page from its `result_uri`.
 */
export function createSocialLogin(deps: SocialLoginDeps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const now = deps.now ?? Date.now;
  const open = deps.open ?? openCentred;
  const loadingUrl =
    deps.loadingUrl ?? ((provider: SocialProvider) => `${location.origin}/?${SOCIAL_POPUP_PARAM}=${provider}`);
  const navigate = deps.navigate ?? navigateTop;
  // The provider is null while a redirect login is finished from the page's result_uri.
  let current: { provider: SocialProvider | null; outcome: Promise<EmbeddedUser>; cancel: () => void } | null = null;
  // Redirect mode (showSocials' `redirect`): where the provider sends the page back to; null = popup.
  let redirect: { returnUrl: string } | null = null;

  const startAtApi = async (provider: SocialProvider, returnUrl?: string) => {
    const { projectId, dappOrigin } = deps.dapp();
    try {
      return await deps.api.call<{ flowId: string; uri: string }>('/embedded/v1/social/start', {
        body: { projectId, provider, dappOrigin, ...(returnUrl ? { returnUrl } : {}) },
        timeoutMs: EMBEDDED_TIMEOUTS_MS.login,
      });
    } catch (error) {
      console.warn(`[secure-frame] social ${provider}: ${(error as Error).message}`);
      throw loginFailure(ErrorCode.InternalError, 'InitiateFailed');
    }
  };

  /**
   * Redirect mode, in the click's user activation: starts the login at the API with the return
   * URL, then sends the top-level page to the provider. The outcome stays pending while the page
   * leaves; it fails when the login cannot start, the device key would not survive the
   * navigation, or the page is still here after the login's 120 s.
   */
  const leaveFor = async (provider: SocialProvider, returnUrl: string, cancelled: () => boolean) => {
    if (deps.persistent?.() === false) throw loginFailure(ErrorCode.InternalError, 'NoStorage');
    const { uri } = await startAtApi(provider, returnUrl);
    if (cancelled()) throw loginFailure(ErrorCode.UserRejected, 'Rejected');
    try {
      navigate(uri);
    } catch (error) {
      console.warn(`[secure-frame] social ${provider}: the page could not leave (${(error as Error).message})`);
      throw loginFailure(ErrorCode.InternalError, 'InitiateFailed');
    }
    const deadline = now() + EMBEDDED_TIMEOUTS_MS.login - 2_000;
    while (now() < deadline) {
      if (cancelled()) throw loginFailure(ErrorCode.UserRejected, 'Rejected');
      await sleep(SOCIAL_POPUP.closedCheckMs);
    }
    throw loginFailure(ErrorCode.InternalError, 'TimedOut');
  };

  /** Polls the API (and the popup) until the login ends, 120 s at most. */
  const wait = async (flowId: string, popup: Window | null, cancelled: () => boolean): Promise<EmbeddedUser> => {
    const deadline = now() + EMBEDDED_TIMEOUTS_MS.login - 2_000;
    while (now() < deadline) {
      if (cancelled()) throw loginFailure(ErrorCode.UserRejected, 'Rejected');
      // Read "closed" before asking the API, so a popup closed right after the callback still counts as done.
      const closed = popup?.closed === true;
      // Another device key's flow (a result_uri made in another browser): 403 → -32603 'This sign-in was started by another device'.
      const answer = await deps.api.call<FinishAnswer>('/embedded/v1/social/finish', { body: { flowId } });
      if (answer.status === 'done') {
        popup?.close();
        return deps.finish(answer.session, answer.account, {
          provider: answer.social.provider,
          userName: answer.social.userName ?? answer.social.email,
        });
      }
      if (answer.status === 'failed') {
        popup?.close();
        throw apiFailure(ErrorCode.InternalError, answer.message);
      }
      if (closed) throw loginFailure(ErrorCode.InternalError, 'PopupClosed');
      await sleep(SOCIAL_POPUP.closedCheckMs);
    }
    popup?.close();
    throw loginFailure(ErrorCode.InternalError, 'TimedOut');
  };

  const begin = (
    provider: SocialProvider | null,
    run: (cancelled: () => boolean) => Promise<EmbeddedUser>,
    popup: Window | null = null,
  ) => {
    current?.cancel();
    let stop = false;
    const outcome = run(() => stop);
    const entry = {
      provider,
      outcome,
      cancel: () => {
        stop = true;
        popup?.close();
      },
    };
    current = entry;
    const clear = () => {
      if (current === entry) current = null;
    };
    outcome.then(clear, clear);
  };

  return {
    /**
     * A provider button was clicked: opens the popup NOW (synchronously, in the click's
     * user activation), tells the widget frame, then starts the login at the API.
     */
    start(provider: SocialProvider): void {
      if (redirect) {
        const { returnUrl } = redirect;
        deps.started(provider);
        begin(provider, (cancelled) => leaveFor(provider, returnUrl, cancelled));
        return;
      }
      const popup = open(loadingUrl(provider));
      deps.started(provider);
      begin(
        provider,
        async (cancelled) => {
          if (!popup) throw loginFailure(ErrorCode.InternalError, 'InitiateFailed');
          const closeOn = (error: unknown) => {
            popup.close();
            throw error;
          };
          const { flowId, uri } = await startAtApi(provider).catch(closeOn);
          if (cancelled()) closeOn(loginFailure(ErrorCode.UserRejected, 'Rejected'));
          popup.location.href = uri;
          return wait(flowId, popup, cancelled);
        },
        popup,
      );
    },
    /** GET_SOCIAL_REDIRECT_URI: starts a login at the API and answers the provider's URL (a later CONNECT_SOCIAL waits for it). */
    async redirectUri(provider: SocialProvider): Promise<{ uri: string }> {
      const { flowId, uri } = await startAtApi(provider);
      begin(provider, (cancelled) => wait(flowId, null, cancelled));
      return { uri };
    },
    /**
     * CONNECT_SOCIAL. `{ provider }`: the outcome of the running login for `provider`.
     * `{ uri }` (redirect mode, back on the dapp page): checks that `uri` is exactly this
     * deployment's API result URL, then finishes its flow with this frame's device key.
     * @throws -32603 'Failed to initiate social connection' when no login of `provider` runs;
     *   -32602 'This sign-in link is not valid' for any other `uri` (nothing changes: an existing
     *   session stays); -32603 'This sign-in was started by another device' (another device key)
     */
    async connect(request: SocialConnectRequest): Promise<EmbeddedUser> {
      if ('uri' in request) {
        const flowId = flowOfResultUri(request.uri, deps.apiUrl);
        begin(null, (cancelled) => wait(flowId, null, cancelled));
        return current!.outcome;
      }
      if (!current || current.provider !== request.provider)
        throw loginFailure(ErrorCode.InternalError, 'InitiateFailed');
      return current.outcome;
    },
    /** Popup (null) or redirect mode with the page to come back to (showSocials' `redirect`). */
    setRedirect(next: { returnUrl: string } | null): void {
      redirect = next;
    },
    /** Cancels the running login (its popup closes at the next check). */
    abort(): void {
      current?.cancel();
    },
  };
}

/** A secure frame's social login. */
export type SocialLoginFlow = ReturnType<typeof createSocialLogin>;

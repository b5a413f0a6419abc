import {
  EMBEDDED_TIMEOUTS_MS,
  ErrorCode,
  SOCIAL_POPUP,
  SocialMessage,
  type EmbeddedUser,
  type SocialProvider,
} from '@airlock/protocol';
import { apiFailure, type ApiClient } from '../api/client.ts';
import type { AccountView, SessionTokens, SocialLogin } from '../wallet/session.ts';

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
};

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
 */
export function createSocialLogin(deps: SocialLoginDeps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const now = deps.now ?? Date.now;
  const open = deps.open ?? openCentred;
  const loadingUrl =
    deps.loadingUrl ?? ((provider: SocialProvider) => `${location.origin}/?${SOCIAL_POPUP_PARAM}=${provider}`);
  let current: { provider: SocialProvider; outcome: Promise<EmbeddedUser>; cancel: () => void } | null = null;

  const startAtApi = async (provider: SocialProvider) => {
    const { projectId, dappOrigin } = deps.dapp();
    try {
      return await deps.api.call<{ flowId: string; uri: string }>('/embedded/v1/social/start', {
        body: { projectId, provider, dappOrigin },
        timeoutMs: EMBEDDED_TIMEOUTS_MS.login,
      });
    } catch (error) {
      console.warn(`[secure-frame] social ${provider}: ${(error as Error).message}`);
      throw apiFailure(ErrorCode.InternalError, SocialMessage.InitiateFailed);
    }
  };

  /** Polls the API (and the popup) until the login ends, 120 s at most. */
  const wait = async (flowId: string, popup: Window | null, cancelled: () => boolean): Promise<EmbeddedUser> => {
    const deadline = now() + EMBEDDED_TIMEOUTS_MS.login - 2_000;
    while (now() < deadline) {
      if (cancelled()) throw apiFailure(ErrorCode.UserRejected, 'Connection rejected');
      // Read "closed" before asking the API, so a popup closed right after the callback still counts as done.
      const closed = popup?.closed === true;
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
      if (closed) throw apiFailure(ErrorCode.InternalError, SocialMessage.PopupClosed);
      await sleep(SOCIAL_POPUP.closedCheckMs);
    }
    popup?.close();
    throw apiFailure(ErrorCode.InternalError, 'The sign-in took too long. Please try again');
  };

  const begin = (
    provider: SocialProvider,
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
      const popup = open(loadingUrl(provider));
      deps.started(provider);
      begin(
        provider,
        async (cancelled) => {
          if (!popup) throw apiFailure(ErrorCode.InternalError, SocialMessage.InitiateFailed);
          const closeOn = (error: unknown) => {
            popup.close();
            throw error;
          };
          const { flowId, uri } = await startAtApi(provider).catch(closeOn);
          if (cancelled()) closeOn(apiFailure(ErrorCode.UserRejected, 'Connection rejected'));
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
    /** CONNECT_SOCIAL: the outcome of the running login for `provider`. @throws 'Failed to initiate social connection' when none runs */
    async connect(provider: SocialProvider): Promise<EmbeddedUser> {
      if (!current || current.provider !== provider)
        throw apiFailure(ErrorCode.InternalError, SocialMessage.InitiateFailed);
      return current.outcome;
    },
    /** Cancels the running login (its popup closes at the next check). */
    abort(): void {
      current?.cancel();
    },
  };
}

/** A secure frame's social login. */
export type SocialLoginFlow = ReturnType<typeof createSocialLogin>;

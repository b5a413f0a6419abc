import { EMBEDDED_TIMEOUTS_MS, ErrorCode, type EmbeddedUser } from '@airlock/protocol';
import { apiFailure, loginFailure, type ApiClient } from '../api/client.ts';
import type { AccountView, SessionTokens } from '../wallet/session.ts';

/** What the Farcaster login needs from its secure frame. */
export type FarcasterLoginDeps = {
  api: ApiClient;
  /** The verified dapp. @throws 4900 when not verified */
  dapp: () => { projectId: string; dappOrigin: string };
  /** Finishes a verified login (the wallet session's `finishLogin`). */
  finishLogin: (tokens: SessionTokens, account: AccountView) => Promise<EmbeddedUser>;
  /** Waits `ms` (tests shorten it); default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** Poll interval, ms (default 1 000). */
  pollMs?: number;
};

/** A status answer of `POST /embedded/v1/farcaster/status`. */
type StatusAnswer = { status: 'pending' | 'expired' | 'approved'; session?: SessionTokens; account?: AccountView };

/**
 * Sign In With Farcaster in the secure frame (docs/embedded-wallet.md "Farcaster"):
 * `getUri` asks the API for a relay channel (the API binds its nonce to this frame's
 * device key through the DPoP proof) and keeps the channel token in memory; `connect`
 * polls the API, with proofs of the same key, until the person approved in their
 * Farcaster app and the API verified the signed message, then finishes the login like an
 * email code. Only the channel token is held here; it never leaves C except to the API.
 */
export function createFarcasterLogin(deps: FarcasterLoginDeps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  let channelToken: string | undefined;
  let attempt = 0;
  return {
    /** GET_FARCASTER_URI: a new channel; its URL for the QR code and the link. */
    getUri: async (): Promise<{ url: string }> => {
      const { projectId, dappOrigin } = deps.dapp();
      attempt++;
      const channel = await deps.api.call<{ channelToken: string; url: string }>('/embedded/v1/farcaster/channel', {
        body: { projectId, dappOrigin },
      });
      channelToken = channel.channelToken;
      return { url: channel.url };
    },
    /**
     * CONNECT_FARCASTER: polls once a second (118 s at most, within the 120 s login timeout).
     * A newer `getUri` ends an older wait.
     * @throws -32602 without a channel; -32603 when it expired, did not verify or the API failed.
     */
    connect: async (): Promise<EmbeddedUser> => {
      const token = channelToken;
      const mine = attempt;
      if (!token) throw apiFailure(ErrorCode.InvalidParams, 'Open a Farcaster sign-in first');
      const deadline = Date.now() + EMBEDDED_TIMEOUTS_MS.login - 2_000;
      while (Date.now() < deadline) {
        if (mine !== attempt) throw apiFailure(ErrorCode.InternalError, 'Cancelled');
        const answer = await deps.api.call<StatusAnswer>('/embedded/v1/farcaster/status', {
          body: { channelToken: token },
        });
        // Cancelled while the poll was in flight: never redeem it.
        if (mine !== attempt) throw apiFailure(ErrorCode.InternalError, 'Cancelled');
        if (answer.status === 'approved' && answer.session && answer.account) {
          channelToken = undefined;
          return deps.finishLogin(answer.session, answer.account);
        }
        if (answer.status === 'expired') {
          channelToken = undefined;
          throw loginFailure(ErrorCode.InternalError, 'FarcasterExpired');
        }
        await sleep(deps.pollMs ?? 1_000);
      }
      throw loginFailure(ErrorCode.InternalError, 'FarcasterNotApproved');
    },
    /** Ends the running sign-in: its wait stops at the next poll, a later approval is never redeemed. */
    cancel: (): void => {
      attempt++;
      channelToken = undefined;
    },
  };
}

/** A secure frame's Farcaster login. */
export type FarcasterLogin = ReturnType<typeof createFarcasterLogin>;

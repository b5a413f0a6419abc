import { socialsSlotEstimate, type EmbeddedParentMethods, type SocialProvider } from '@airlock/protocol';
// The height rule comes from the protocol, not SocialButtons.tsx: the buttons (React, logos) stay in the lazy UI chunk.
import type { ApiClient } from '../api/client.ts';

/** What the socials slot needs. */
export type SocialSlotDeps = {
  api: ApiClient;
  parent: () => EmbeddedParentMethods | undefined;
  /** Shows these buttons (empty: none) and the passkey buttons or manager (null: none) in the frame's UI. */
  render: (providers: SocialProvider[], passkey: PasskeySlotMode | null) => void;
};

/** What the slot shows of passkeys (passkey/PasskeyButtons.tsx): the Connect buttons or the Account manager. */
export type PasskeySlotMode = 'login' | 'manage';

/** The slot's height before C measured it: the providers' rows, and one more row (or the manager's first guess). */
function estimate(count: number, passkey: PasskeySlotMode | null): number {
  if (passkey === 'manage') return 160;
  return socialsSlotEstimate(count, passkey === 'login');
}

/**
 * The socials slot (protocol `showSocials`): the providers the widget frame asks for,
 * in its order (the remote `socials` feature), that the API has configured
 * (`GET /embedded/v1/social/providers`, asked once per frame and again after a
 * failure); then `setLayout({ slot: 'socials' })` so the widget frame places this
 * frame over its slot, or hides it.
 */
export function createSocialSlot(deps: SocialSlotDeps) {
  let configured: Promise<SocialProvider[]> | null = null;
  let shownNow = false;
  const load = () => {
    configured ??= deps.api
      .call<{ providers: SocialProvider[] }>('/embedded/v1/social/providers')
      .then((answer) => answer.providers)
      .catch((error: unknown) => {
        configured = null;
        throw error;
      });
    return configured;
  };
  return {
    /**
     * Shows `providers` (the configured ones) and the passkey buttons or manager (`passkey`), or
     * hides the slot (nothing to show). Answers the providers shown and whether passkeys show.
     */
    async show(
      providers: SocialProvider[],
      passkey: PasskeySlotMode | null = null,
    ): Promise<{ providers: SocialProvider[]; passkey: boolean }> {
      const available = providers.length && passkey !== 'manage' ? await load() : [];
      const shown = providers.filter((p, i) => available.includes(p) && providers.indexOf(p) === i);
      deps.render(shown, passkey);
      shownNow = shown.length > 0 || passkey !== null;
      await deps
        .parent()
        ?.setLayout(
          shownNow
            ? { visible: true, height: estimate(shown.length, passkey), slot: 'socials' }
            : { visible: false, slot: 'socials' },
        )
        .catch(() => {});
      return { providers: shown, passkey: passkey !== null };
    },
    /** Tab left the slot past its last (`next`) or first (`previous`) element, or Escape (`escape`): the widget frame moves focus on or closes. */
    leave(direction: 'next' | 'previous' | 'escape'): void {
      if (!shownNow) return;
      void deps
        .parent()
        ?.slotFocusLeave({ direction })
        .catch(() => {});
    },
    /** The slot's content measured itself (CSS px): the widget frame resizes the slot (40–720). */
    resize(height: number): void {
      if (!shownNow || height < 1) return;
      const clamped = Math.max(40, Math.min(720, Math.ceil(height)));
      void deps
        .parent()
        ?.setLayout({ visible: true, height: clamped, slot: 'socials' })
        .catch(() => {});
    },
  };
}

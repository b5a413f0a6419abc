import { socialsSlotHeight, type EmbeddedParentMethods, type SocialProvider } from '@airlock/protocol';
// The height rule comes from the protocol, not SocialButtons.tsx: the buttons (React, logos) stay in the lazy UI chunk.
import type { ApiClient } from '../api/client.ts';

/** What the socials slot needs. */
export type SocialSlotDeps = {
  api: ApiClient;
  parent: () => EmbeddedParentMethods | undefined;
  /** Shows these buttons in the frame's UI (empty: none). */
  render: (providers: SocialProvider[]) => void;
};

/**
 * The socials slot (protocol `showSocials`): the providers the widget frame asks for,
 * in its order (the remote `socials` feature), that the API has configured
 * (`GET /embedded/v1/social/providers`, asked once per frame and again after a
 * failure); then `setLayout({ slot: 'socials' })` so the widget frame places this
 * frame over its slot, or hides it.
 */
export function createSocialSlot(deps: SocialSlotDeps) {
  let configured: Promise<SocialProvider[]> | null = null;
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
    /** Shows `providers` (the configured ones) or hides the slot (empty list). Answers the providers shown. */
    async show(providers: SocialProvider[]): Promise<{ providers: SocialProvider[] }> {
      const available = providers.length ? await load() : [];
      const shown = providers.filter((p, i) => available.includes(p) && providers.indexOf(p) === i);
      deps.render(shown);
      await deps
        .parent()
        ?.setLayout(
          shown.length
            ? { visible: true, height: socialsSlotHeight(shown.length), slot: 'socials' }
            : { visible: false, slot: 'socials' },
        )
        .catch(() => {});
      return { providers: shown };
    },
  };
}

import { socialsSlotHeight, type SocialProvider } from '@airlock/protocol';

/** Display names of the providers. */
export const PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
};

/** The height (CSS px) the socials slot needs for `count` buttons (styles.css `.socials`: rows of 4, 44 px, 8 px gap). */
export const socialsHeight = socialsSlotHeight;

/**
 * The social provider buttons, rendered by the secure frame in the socials slot of
 * the widget's Connect view: a click here is this frame's own user activation, the
 * only one that lets it open the login popup.
 */
export function SocialButtons({
  providers,
  onPick,
}: {
  providers: readonly SocialProvider[];
  onPick: (provider: SocialProvider) => void;
}) {
  return (
    <fieldset className="socials" aria-label="Sign in with a social account">
      {providers.map((provider) => (
        <button
          key={provider}
          type="button"
          className="social-button"
          aria-label={PROVIDER_NAMES[provider]}
          onClick={(event) => {
            if (event.isTrusted) onPick(provider);
          }}
        >
          {PROVIDER_NAMES[provider]}
        </button>
      ))}
    </fieldset>
  );
}

import { socialsSlotHeight, type SocialProvider } from '@airlock/protocol';
import { iconColour, PROVIDER_ICONS } from './icons.ts';

/** Display names of the providers. */
export const PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
};

/** The height (CSS px) the socials slot needs for `count` buttons (styles.css `.socials`: one row, 44 px). */
export const socialsHeight = socialsSlotHeight;

/** A provider's logo (decorative: the button's accessible name is the provider's name). */
function ProviderLogo({ provider }: { provider: SocialProvider }) {
  return (
    <svg
      className="social-logo"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
      data-provider-logo={provider}
    >
      <path d={PROVIDER_ICONS[provider].path} fill={iconColour(provider)} />
    </svg>
  );
}

/**
 * The social provider buttons, rendered by the secure frame in the socials slot of
 * the widget's Connect view: a click here is this frame's own user activation, the
 * only one that lets it open the login popup. One row: the first provider (the deployment's
 * order) prominent, its logo beside its name, the others compact tiles of their logo (icons.ts),
 * each named by its provider (aria-label, and a title for the pointer).
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
      {providers.map((provider, i) => (
        <button
          key={provider}
          type="button"
          className={i === 0 ? 'social-button social-primary' : 'social-button social-tile'}
          aria-label={PROVIDER_NAMES[provider]}
          title={i === 0 ? undefined : PROVIDER_NAMES[provider]}
          onClick={(event) => {
            if (event.isTrusted) onPick(provider);
          }}
        >
          <ProviderLogo provider={provider} />
          {i === 0 ? <span className="social-name">{PROVIDER_NAMES[provider]}</span> : null}
        </button>
      ))}
    </fieldset>
  );
}

import type { SocialProvider } from '@airlock/protocol';

/** Display names of the providers. */
export const PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
};

/** Buttons per row of the socials slot. */
const PER_ROW = 4;
/** Height of one row of buttons and the gap between rows, CSS px (styles.css `.socials`). */
const ROW_PX = 44;
const GAP_PX = 8;

/** The height (CSS px) the socials slot needs for `count` buttons. */
export function socialsHeight(count: number): number {
  const rows = Math.max(1, Math.ceil(count / PER_ROW));
  return rows * ROW_PX + (rows - 1) * GAP_PX;
}

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
    <div className="socials" role="group" aria-label="Sign in with a social account">
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
    </div>
  );
}

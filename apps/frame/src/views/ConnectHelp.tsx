import { useId, useState, type ReactNode } from 'react';
import { ChevronDown, CircleHelp, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Where 'Get a wallet' leads: a neutral, maintained directory of wallets. */
export const GET_A_WALLET_URL = 'https://ethereum.org/en/wallets/find-wallet/';

/**
 * The wallet count on the 'All wallets' row: the exact number under 10, else rounded
 * down to ten with a plus (`437` → `430+`), as wallet lists usually show it.
 */
export function walletCountLabel(count: number): string {
  if (count < 10) return String(count);
  const tens = Math.floor(count / 10) * 10;
  return tens === count ? String(count) : `${tens}+`;
}

/**
 * 'What is a wallet?': a disclosure button under the wallet list that expands a
 * two-sentence explanation and a 'Get a wallet' link (opens in a new tab).
 */
export function WalletHelp() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <div className="airlock-help">
      <button
        type="button"
        className="airlock-help-toggle"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen(!open)}
      >
        <CircleHelp size={16} aria-hidden="true" />
        {t('What is a wallet?')}
        <ChevronDown size={16} aria-hidden="true" className="airlock-help-chevron" />
      </button>
      {open ? (
        <div id={panel} className="airlock-help-panel" data-testid="wallet-help">
          <p>
            {t(
              'A wallet lets you hold digital assets and sign in to apps with an account you own, instead of a password. It keeps your keys to itself: this site never sees them, and you approve every request.',
            )}
          </p>
          <a className="airlock-help-link" href={GET_A_WALLET_URL} target="_blank" rel="noopener noreferrer">
            {t('Get a wallet')}
            <ExternalLink size={14} aria-hidden="true" />
          </a>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Turns a translated sentence with `<terms>…</terms>` / `<privacy>…</privacy>` marks into
 * text and links to `hrefs` (each opening in a new tab), so a translation can place the
 * links anywhere in its sentence. A mark without an href stays plain text.
 */
export function linkMarks(text: string, hrefs: Partial<Record<'terms' | 'privacy', string>>): ReactNode[] {
  return text.split(/(<(?:terms|privacy)>.*?<\/(?:terms|privacy)>)/).map((part, i) => {
    const mark = /^<(terms|privacy)>(.*?)<\/\1>$/.exec(part);
    if (!mark) return part;
    const href = hrefs[mark[1] as 'terms' | 'privacy'];
    return href ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence
      <a key={i} href={href} target="_blank" rel="noopener noreferrer">
        {mark[2]}
      </a>
    ) : (
      mark[2]
    );
  });
}

/**
 * 'By connecting a wallet, you agree to the Terms of Service and Privacy Policy': the
 * dapp's links (`FrameConfig.termsConditionsUrl` / `privacyPolicyUrl`, https only,
 * validated by the protocol schema), each opening in a new tab, in the modal language
 * (one whole sentence per case, {@link linkMarks}). Nothing when neither is set.
 */
export function LegalLinks({ terms, privacy }: { terms?: string | undefined; privacy?: string | undefined }) {
  const { t } = useTranslation();
  if (!terms && !privacy) return null;
  const sentence =
    terms && privacy
      ? t(
          'By connecting a wallet, you agree to the <terms>Terms of Service</terms> and <privacy>Privacy Policy</privacy>.',
        )
      : terms
        ? t('By connecting a wallet, you agree to the <terms>Terms of Service</terms>.')
        : t('By connecting a wallet, you agree to the <privacy>Privacy Policy</privacy>.');
  return (
    <p className="airlock-legal" data-testid="legal-links">
      {linkMarks(sentence, { terms, privacy })}
    </p>
  );
}

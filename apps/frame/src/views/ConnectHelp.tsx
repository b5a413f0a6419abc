import { useId, useState } from 'react';
import { ChevronDown, CircleHelp, ExternalLink } from 'lucide-react';

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
        What is a wallet?
        <ChevronDown size={16} aria-hidden="true" className="airlock-help-chevron" />
      </button>
      {open ? (
        <div id={panel} className="airlock-help-panel" data-testid="wallet-help">
          <p>
            A wallet lets you hold digital assets and sign in to apps with an account you own, instead of a password.
            It keeps your keys to itself: this site never sees them, and you approve every request.
          </p>
          <a className="airlock-help-link" href={GET_A_WALLET_URL} target="_blank" rel="noopener noreferrer">
            Get a wallet
            <ExternalLink size={14} aria-hidden="true" />
          </a>
        </div>
      ) : null}
    </div>
  );
}

/**
 * 'By connecting a wallet, you agree to the Terms of Service and Privacy Policy': the
 * dapp's links (`FrameConfig.termsConditionsUrl` / `privacyPolicyUrl`, https only,
 * validated by the protocol schema), each opening in a new tab. Nothing when neither is set.
 */
export function LegalLinks({ terms, privacy }: { terms?: string | undefined; privacy?: string | undefined }) {
  if (!terms && !privacy) return null;
  const link = (href: string, text: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
  return (
    <p className="airlock-legal" data-testid="legal-links">
      By connecting a wallet, you agree to the {terms ? link(terms, 'Terms of Service') : null}
      {terms && privacy ? ' and ' : null}
      {privacy ? link(privacy, 'Privacy Policy') : null}.
    </p>
  );
}

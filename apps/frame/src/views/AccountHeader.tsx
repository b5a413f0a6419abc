import { useState } from 'react';
import { Check, ChevronDown, Copy, ExternalLink } from 'lucide-react';
import type { Network } from '@airlock/protocol';
import { pushRoute } from '../actions/modal.ts';
import { showToast } from '../actions/toast.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { AccountName } from '../features/names/AccountName.tsx';
import { namespaceOf } from '../namespaces/info.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { copyText } from '../ui/copyText.ts';
import { formatBalance, shortenAddress } from '../ui/format.ts';
import { NetworkIcon } from '../ui/NetworkIcon.tsx';
import { SkeletonLine } from '../ui/Skeleton.tsx';
import { formatUsd } from '../ui/money.ts';
import { useLocale } from '../i18n/react.ts';
import { useTranslation } from 'react-i18next';
import { connectionOf } from '../store/connection.ts';

/** Text for a chain that is not in the configured networks (spec §2 'Unknown Network' state). */
export const UNKNOWN_NETWORK = 'Unknown Network';

/** How long the copy icon shows a check after a copy, ms. */
const COPIED_MS = 1_500;

/** Props of {@link AccountHeader}. */
export type AccountHeaderProps = {
  /** The connected address (EIP-55 or base58). */
  address: string;
  /** The active network, undefined for a chain that is not configured. */
  network: Network | undefined;
};

/**
 * The compact Account header (spec §2 Account, §3 account state): the avatar (profile
 * image or identicon), the registered name or else the shortened address (4 + 6
 * characters, spec §9) with Copy address (the icon turns into a check and a toast
 * confirms) and View on block explorer, the native balance floored to 3 decimals (spec §5; a
 * placeholder with `aria-busy` while it loads, 'Balance unavailable' after a failed read, never a zero
 * standing in for either) with its USD value once the token list has loaded (the native row's value, not the portfolio), and the network pill (the
 * network's icon and name) that opens the network list. Every line has a fixed height and
 * the copy and explorer icons a fixed column, so nothing moves when the name, the balance
 * or the total arrive.
 */
export function AccountHeader({ address, network }: AccountHeaderProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const frame = useFrame();
  const { balance, balanceSymbol, balanceUnavailable } = useFrameState((s) => connectionOf(s));
  // What the native balance beside it is worth: the native row of the token list (no `address`),
  // not the whole portfolio (the Tokens tab has every token's value).
  const total = useFrameState((s) =>
    s.portfolio.tokensStatus === 'ready' ? (s.portfolio.tokens.find((t) => !t.address)?.value ?? null) : null,
  );
  const [copied, setCopied] = useState(false);
  const explorer = network ? (namespaceOf(network.caipNetworkId)?.explorerAddressUrl(network, address) ?? null) : null;
  const symbol = balanceSymbol ?? network?.nativeCurrency.symbol ?? '';
  // Never a made-up zero: the figure once read, 'unavailable' after a failed read, a placeholder while
  // it loads, and nothing where no balance is read (a network that is not configured, a namespace
  // without a balance source).
  const readable = !!network && !!namespaceOf(network.caipNetworkId)?.readBalance;
  const balanceState = balance !== null ? 'ready' : balanceUnavailable ? 'unavailable' : readable ? 'loading' : 'none';

  const copy = async () => {
    const done = await copyText(address);
    showToast(frame, done ? 'Address copied' : 'Failed to copy address', done ? 'success' : 'error');
    if (!done) return;
    setCopied(true);
    setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <div className="airlock-account-header">
      <Avatar address={address} />
      <div className="airlock-account-id">
        <span className="airlock-account-label">
          <AccountName address={address} testId="account-name" />
          <span className="airlock-address" data-testid="account-address" title={address} dir="ltr">
            {shortenAddress(address)}
          </span>
        </span>
        <span className="airlock-account-links">
          <button
            type="button"
            className="airlock-inline-icon"
            aria-label={t('Copy address')}
            data-copied={copied ? 'true' : undefined}
            onClick={() => void copy()}
          >
            {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
          </button>
          {explorer ? (
            <a
              className="airlock-inline-icon"
              href={explorer}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('View on block explorer')}
            >
              <ExternalLink size={16} aria-hidden="true" />
            </a>
          ) : null}
        </span>
      </div>
      <p className="airlock-account-balance" aria-busy={balanceState === 'loading' ? true : undefined}>
        <span
          className={balanceState === 'unavailable' ? 'airlock-balance airlock-muted' : 'airlock-balance'}
          data-testid="account-balance"
          data-state={balanceState}
        >
          {balanceState === 'ready' ? `${formatBalance(balance, locale)} ${symbol}`.trim() : null}
          {balanceState === 'unavailable' ? t('Balance unavailable') : null}
          {balanceState === 'loading' ? (
            <>
              <span className="airlock-visually-hidden">{t('Loading…')}</span>
              <SkeletonLine width="96px" />
            </>
          ) : null}
        </span>
        <span className="airlock-muted" data-testid="account-fiat">
          {total === null ? '' : formatUsd(total, locale)}
        </span>
      </p>
      <button
        type="button"
        className={network ? 'airlock-network-pill' : 'airlock-network-pill airlock-error-text'}
        aria-label={t('Switch network')}
        aria-describedby="airlock-account-network"
        onClick={() => pushRoute(frame, { view: 'Networks' })}
      >
        <NetworkIcon network={network} />
        <span id="airlock-account-network" data-testid="account-network">
          {network?.name ?? t(UNKNOWN_NETWORK)}
        </span>
        <ChevronDown size={16} aria-hidden="true" />
      </button>
    </div>
  );
}

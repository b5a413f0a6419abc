import { useEffect, useState } from 'react';
import { ChevronRight } from 'lucide-react';
import type { Frame } from '../store/frame.ts';
import { useFrame } from '../core/react.ts';
import { walletLink } from '../listing/paging.ts';
import { isMobileUserAgent } from '../listing/platform.ts';
import type { WalletListing } from '../listing/types.ts';
import { ListingIcon } from '../ui/ListingIcon.tsx';
import { useTranslation } from 'react-i18next';

/** How many phone wallets the WalletConnect view lists. */
export const MOBILE_WALLETS_SHOWN = 6;
/** The narrow-screen breakpoint of the bottom sheet (styles.css): phones, whatever their user agent says. */
const PHONE_QUERY = '(max-width: 429.98px)';

/** True on a phone: a mobile user agent or a viewport narrower than the bottom-sheet breakpoint. */
export function isPhone(): boolean {
  return (
    isMobileUserAgent(navigator.userAgent) || (typeof matchMedia === 'function' && matchMedia(PHONE_QUERY).matches)
  );
}

/**
 * The first {@link MOBILE_WALLETS_SHOWN} wallets of the listing (configured networks, the
 * listing's recommendation order) that have a mobile link. Resolves [] when the source fails.
 */
async function loadPhoneWallets(frame: Frame): Promise<WalletListing[]> {
  try {
    const { currentSource, configuredChains } = await import('../listing/load.ts');
    const { data } = await currentSource(frame)({ page: 1, entries: 40, chains: configuredChains(frame) });
    const picked = data.filter((w) => w.mobile_link).slice(0, MOBILE_WALLETS_SHOWN);
    void frame.images.prefetch(picked.map((w) => w.image_url));
    return picked;
  } catch {
    return [];
  }
}

/**
 * WalletConnect on a phone: the listing's wallets as links that open the wallet app
 * directly with the pairing (its universal link or native scheme from the listing, with
 * `wc?uri=<the encoded wc: URI>` appended, {@link walletLink}). Each link is named by the
 * wallet; nothing shows until the list has loaded or when no wallet has a mobile link.
 */
export function WalletConnectMobileList({ uri }: { uri: string }) {
  const { t } = useTranslation();
  const frame = useFrame();
  const [wallets, setWallets] = useState<WalletListing[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadPhoneWallets(frame).then((found) => live && setWallets(found));
    return () => {
      live = false;
    };
  }, [frame]);
  if (!wallets?.length) return null;
  return (
    <nav className="airlock-mobile-wallets" aria-label={t('Open a wallet on this phone')}>
      <p className="airlock-mobile-wallets-title">{t('Open a wallet on this phone')}</p>
      <ul className="airlock-list">
        {wallets.map((wallet) => (
          <li key={wallet.id}>
            <a
              className="airlock-list-item"
              href={walletLink(wallet, 'mobile', uri) ?? undefined}
              data-testid="mobile-wallet-link"
            >
              <ListingIcon src={wallet.image_url} name={wallet.name} />
              <span className="airlock-list-label">{wallet.name}</span>
              <ChevronRight size={18} aria-hidden="true" className="airlock-flip-rtl" />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

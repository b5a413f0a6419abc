import { pushRoute } from '../actions/modal.ts';
import { useFrame } from '../core/react.ts';
import { StorageNotice } from '../ui/StorageNotice.tsx';
import { WalletConnectPairing } from './WalletConnectPairing.tsx';
import { useTranslation } from 'react-i18next';

/**
 * ConnectingWalletConnectBasic (spec §2, wallet-only basic mode on desktop):
 * the WalletConnect QR code for any wallet, and 'All wallets' to pick one
 * from the listing. Lazy-loaded.
 */
export default function ConnectingWalletConnectBasicView() {
  const { t } = useTranslation();
  const frame = useFrame();
  return (
    <>
      <StorageNotice />
      <WalletConnectPairing />
      <div className="airlock-actions">
        <button
          type="button"
          className="airlock-button airlock-secondary"
          onClick={() => pushRoute(frame, { view: 'AllWallets' })}
        >
          {t('All wallets')}
        </button>
      </div>
    </>
  );
}

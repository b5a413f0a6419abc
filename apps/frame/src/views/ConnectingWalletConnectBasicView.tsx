import { pushRoute } from '../actions/modal.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { StorageNotice } from '../ui/StorageNotice.tsx';
import { WalletConnectPairing } from './WalletConnectPairing.tsx';
import { useTranslation } from 'react-i18next';

/**
 * ConnectingWalletConnectBasic (spec §2, wallet-only basic mode on desktop):
 * the WalletConnect QR code for any wallet, and 'All wallets' to pick one
 * from the listing (unless the `allWallets` feature is off, spec §1). Lazy-loaded.
 */
export default function ConnectingWalletConnectBasicView() {
  const { t } = useTranslation();
  const frame = useFrame();
  const allWallets = useFrameState((s) => s.features.features.allWallets !== false);
  return (
    <>
      <StorageNotice />
      <WalletConnectPairing />
      {allWallets ? (
        <div className="airlock-actions">
          <button
            type="button"
            className="airlock-button airlock-secondary"
            onClick={() => pushRoute(frame, { view: 'AllWallets' })}
          >
            {t('All wallets')}
          </button>
        </div>
      ) : null}
    </>
  );
}

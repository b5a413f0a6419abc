import { pushRoute } from '../stores/router.ts';
import { WalletConnectPairing } from './WalletConnectPairing.tsx';

/**
 * ConnectingWalletConnectBasic (spec §2, wallet-only basic mode on desktop):
 * the WalletConnect QR code for any wallet, and 'All wallets' to pick one
 * from the listing. Lazy-loaded.
 */
export default function ConnectingWalletConnectBasicView() {
  return (
    <>
      <WalletConnectPairing />
      <div className="airlock-actions">
        <button type="button" className="airlock-button airlock-secondary" onClick={() => pushRoute({ view: 'AllWallets' })}>
          All wallets
        </button>
      </div>
    </>
  );
}

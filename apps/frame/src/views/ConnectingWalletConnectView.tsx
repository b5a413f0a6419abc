import type { WalletListing } from '../listing/types.ts';
import { StorageNotice } from '../ui/StorageNotice.tsx';
import { WalletConnectPairing } from './WalletConnectPairing.tsx';

/**
 * ConnectingWalletConnect (spec §2): a WalletConnect pairing for
 * the chosen listing wallet (or the plain WalletConnect entry): QR code,
 * links, copy, expiry. Lazy-loaded.
 */
export default function ConnectingWalletConnectView({ wallet }: { wallet?: WalletListing | undefined }) {
  return (
    <>
      <StorageNotice />
      <WalletConnectPairing wallet={wallet} />
    </>
  );
}

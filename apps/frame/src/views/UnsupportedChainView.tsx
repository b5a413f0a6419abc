import { NetworkList } from './NetworkList.tsx';

/** UnsupportedChain (spec §2): the wallet is on a network the app does not support; offers the configured ones. */
export function UnsupportedChainView() {
  return (
    <div>
      <p className="airlock-detail">
        This app doesn’t support your wallet’s current network. Switch to an available network to continue.
      </p>
      <NetworkList />
    </div>
  );
}

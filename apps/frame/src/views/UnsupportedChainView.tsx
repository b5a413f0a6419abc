import { NetworkList } from './NetworkList.tsx';
import { useTranslation } from 'react-i18next';

/** UnsupportedChain (spec §2): the wallet is on a network the app does not support; offers the configured ones. */
export function UnsupportedChainView() {
  const { t } = useTranslation();
  return (
    <div>
      <p className="airlock-detail">
        {t('This app doesn’t support your wallet’s current network. Switch to an available network to continue.')}
      </p>
      <NetworkList />
    </div>
  );
}

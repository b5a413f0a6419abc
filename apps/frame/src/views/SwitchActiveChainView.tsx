import type { CaipNetworkId } from '@airlock/protocol';
import { switchActiveChain } from '../actions/networkViews.ts';
import { findNetwork } from '../store/networks.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { useTranslation } from 'react-i18next';
import { connectionOf } from '../store/connection.ts';

/**
 * SwitchActiveChain (spec §2): the target network is in another chain namespace and the
 * connected wallet has no account there. 'Connect a wallet' disconnects it, makes the target
 * the active network and shows Connect.
 */
export function SwitchActiveChainView({ caipNetworkId }: { caipNetworkId: string }) {
  const { t } = useTranslation();
  const frame = useFrame();
  const wallet = useFrameState((s) => connectionOf(s).wallet);
  const network = findNetwork(frame.config, caipNetworkId);
  const name = network?.name ?? caipNetworkId;
  return (
    <div>
      <p className="airlock-detail" data-testid="switch-active-chain">
        {t('{{wallet}} has no account on {{network}}. Connect a wallet that supports {{network}} to switch.', {
          wallet: wallet?.name ?? t('Your wallet'),
          network: name,
        })}
      </p>
      <button
        type="button"
        className="airlock-button"
        onClick={() => switchActiveChain(frame, caipNetworkId as CaipNetworkId)}
      >
        {t('Connect a wallet')}
      </button>
    </div>
  );
}

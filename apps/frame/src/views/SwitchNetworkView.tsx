import type { CaipNetworkId } from '@airlock/protocol';
import { confirmNetworkSwitch, selectNetwork } from '../actions/networkViews.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { findNetwork } from '../store/networks.ts';
import { NetworkIcon } from '../ui/NetworkIcon.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { useTranslation } from 'react-i18next';
import { connectionOf } from '../store/connection.ts';

/**
 * SwitchNetwork (spec §2): 'Approve in wallet' while the wallet's switch
 * prompt is open, or 'Switching network…' for the embedded (email) wallet, which
 * switches without asking; on error the wallet's message and 'Try again'. While disconnected
 * it is the visitor's confirmation: one 'Switch to {network}' button. The target network's mark
 * (NetworkIcon) heads every state.
 */
export function SwitchNetworkView({ caipNetworkId }: { caipNetworkId: string }) {
  const { t } = useTranslation();
  const frame = useFrame();
  const switching = useFrameState((s) => connectionOf(s).switching);
  const embedded = useFrameState((s) => connectionOf(s).wallet?.type === 'AUTH');
  const connected = useFrameState((s) => connectionOf(s).status === 'connected');
  const failed = switching?.caipNetworkId === caipNetworkId && switching.status === 'error';
  const target = findNetwork(frame.config, caipNetworkId);
  const mark = (
    <span className="airlock-switch-mark" data-testid="switch-network-icon">
      <NetworkIcon network={target} size={56} />
    </span>
  );
  if (!connected) {
    const network = target?.name ?? caipNetworkId;
    return (
      <div className="airlock-center">
        {mark}
        <button
          type="button"
          className="airlock-button"
          onClick={() => void confirmNetworkSwitch(frame, caipNetworkId as CaipNetworkId)}
        >
          {t('Switch to {{network}}', { network })}
        </button>
      </div>
    );
  }
  return (
    <div className="airlock-center">
      {mark}
      {failed ? (
        <>
          <p className="airlock-status airlock-error-text">
            {switching.error?.code === 4001 ? t('Switch declined') : t('Failed to switch network')}
          </p>
          {switching.error?.message ? <p className="airlock-detail">{switching.error.message}</p> : null}
          <button
            type="button"
            className="airlock-button"
            onClick={() => void selectNetwork(frame, caipNetworkId as CaipNetworkId)}
          >
            {t('Try again')}
          </button>
        </>
      ) : (
        <p className="airlock-status">
          <Spinner /> {embedded ? t('Switching network…') : t('Approve in wallet')}
        </p>
      )}
    </div>
  );
}

import type { CaipNetworkId } from '@airlock/protocol';
import { selectNetwork } from '../actions/networkViews.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { NetworkIcon } from '../ui/NetworkIcon.tsx';
import { connectionOf } from '../store/connection.ts';

/**
 * A button per configured network, named by the network's name; the active
 * one carries `aria-current="true"`. Picking one runs `selectNetwork`.
 */
export function NetworkList() {
  const frame = useFrame();
  const networks = frame.config.networks;
  const active = useFrameState((s) => connectionOf(s).caipNetworkId);
  return (
    <ul className="airlock-list">
      {networks.map((network) => {
        const current = network.caipNetworkId === active;
        return (
          <li key={network.caipNetworkId}>
            <button
              type="button"
              className="airlock-list-item"
              aria-current={current ? 'true' : undefined}
              onClick={() => void selectNetwork(frame, network.caipNetworkId as CaipNetworkId)}
            >
              <NetworkIcon network={network} size={28} />
              <span className="airlock-list-label">{network.name}</span>
              {current ? <span className="airlock-dot" aria-hidden="true" /> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

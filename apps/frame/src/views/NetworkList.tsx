import type { CaipNetworkId } from '@airlock/protocol';
import { selectNetwork } from '../actions/switchNetwork.ts';
import { useNetworkStore } from '../stores/network.ts';
import { useOptionsStore } from '../stores/options.ts';

/**
 * A button per configured network, named by the network's name; the active
 * one carries `aria-current="true"`. Picking one runs `selectNetwork`.
 */
export function NetworkList() {
  const networks = useOptionsStore((s) => s.config?.networks ?? []);
  const active = useNetworkStore((s) => s.caipNetworkId);
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
              onClick={() => void selectNetwork(network.caipNetworkId as CaipNetworkId)}
            >
              <span className="airlock-list-label">{network.name}</span>
              {current ? <span className="airlock-dot" aria-hidden="true" /> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

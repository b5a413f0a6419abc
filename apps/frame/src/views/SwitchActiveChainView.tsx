import type { CaipNetworkId } from '@airlock/protocol';
import { switchActiveChain } from '../actions/network.ts';
import { findNetwork } from '../core/networks.ts';
import { useFrame, useFrameState } from '../core/react.ts';

/**
 * SwitchActiveChain (spec §2): the target network is in another chain namespace and the
 * connected wallet has no account there. 'Connect a wallet' disconnects it, makes the target
 * the active network and shows Connect.
 */
export function SwitchActiveChainView({ caipNetworkId }: { caipNetworkId: string }) {
  const frame = useFrame();
  const wallet = useFrameState((s) => s.connection.wallet);
  const network = findNetwork(frame.config, caipNetworkId);
  const name = network?.name ?? caipNetworkId;
  return (
    <div>
      <p className="airlock-detail" data-testid="switch-active-chain">
        {wallet?.name ?? 'Your wallet'} has no account on {name}. Connect a wallet that supports {name} to switch.
      </p>
      <button
        type="button"
        className="airlock-button"
        onClick={() => switchActiveChain(frame, caipNetworkId as CaipNetworkId)}
      >
        Connect a wallet
      </button>
    </div>
  );
}

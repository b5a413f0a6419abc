import { namespaceOf } from '../namespaces/info.ts';
import type { FrameState } from '../store/state.ts';
import { connectionOf } from '../store/connection.ts';

/**
 * Whether the visitor may register a name (spec §6 'Name registration requires an
 * address and the auth connector'; eip155 only, spec §1): connected on a network whose
 * namespace supports names through a connector of type AUTH (the embedded wallet). The one gate the
 * Account entry and the RegisterAccountName view use.
 */
export function canRegisterName(state: FrameState): boolean {
  const { status, address, wallet, caipNetworkId } = connectionOf(state);
  return (
    status === 'connected' &&
    !!address &&
    (wallet?.type as string) === 'AUTH' &&
    namespaceOf(caipNetworkId)?.supports.names === true
  );
}

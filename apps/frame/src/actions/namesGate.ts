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

/** The zones of this service's account names (spec §1): `.reown.id`, and the legacy `.wcn.id`. */
export const ACCOUNT_NAME_SUFFIXES = ['.reown.id', '.wcn.id'] as const;

/**
 * Whether `name` is an account name of this service (spec §1 suffixes `.reown.id` and the legacy
 * `.wcn.id`): an account that holds one is not offered another; a name from elsewhere (an ENS
 * name) is not one. Case-insensitive. Pure.
 */
export function isAccountName(name: string | null | undefined): boolean {
  const lower = (name ?? '').toLowerCase();
  return ACCOUNT_NAME_SUFFIXES.some((suffix) => lower.endsWith(suffix) && lower.length > suffix.length);
}

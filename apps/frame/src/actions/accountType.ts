import { ErrorCode, err, ok, type CaipNetworkId, type Result } from '@airlock/protocol';
import { connectionOf } from '../store/connection.ts';
import { withUpdated } from '../store/connectionsCore.ts';
import type { Frame } from '../store/frame.ts';
import type { AccountType } from '../store/state.ts';
import { refreshBalance } from './balance.ts';
import { showToast } from './toast.ts';

/** Spec §5: only the embedded (auth) connector has a preferred account type. */
export const ACCOUNT_TYPE_NEEDS_LOGIN = 'The account type can be set only for an email or social login';
/** Spec §5: a switch to a smart account needs smart accounts on the network and the EOA in use. */
export const SMART_ACCOUNT_NOT_AVAILABLE = 'Smart accounts are not available on this network';

/**
 * Asks the secure frame which networks have smart accounts (spec §7 'get enabled networks') and keeps
 * them in the embedded slice (the Account view offers the switch there). Failures keep the list empty.
 */
export async function loadSmartAccountNetworks(frame: Frame): Promise<void> {
  const connector = frame.connectors.embedded;
  if (!connector) return;
  const answer = await connector.getSmartAccountEnabledNetworks();
  if (!answer.ok) return;
  frame.store.setState((s) => ({
    embedded: { ...s.embedded, smartAccountEnabledNetworks: answer.value.smartAccountEnabledNetworks },
  }));
}

/** Whether the Account view offers a switch to `type` now (spec §5). Pure. */
export function canSwitchTo(
  state: Pick<ReturnType<Frame['store']['getState']>, 'embedded' | 'active' | 'connections'>,
  type: AccountType,
): boolean {
  const connection = connectionOf(state);
  // The enabled networks are eip155 ones (the secure frame's deployment): elsewhere there is nothing to switch.
  if (
    connection.wallet?.type !== 'AUTH' ||
    !state.embedded.smartAccountEnabledNetworks.includes(connection.caipNetworkId)
  )
    return false;
  return (connection.accountType ?? 'eoa') !== type;
}

/**
 * Sets the visitor's account type on the active eip155 network (spec §5 'Switch to smart account only if
 * smart accounts are enabled and the current type is eoa. Preferred account type is settable for the auth
 * connector only'). The secure frame answers the user with the new account; the connection's address and
 * account type follow (the dapp gets accountsChanged), and the balance is read again.
 * @returns 4100 {@link ACCOUNT_TYPE_NEEDS_LOGIN} for any other connection (a page wallet, WalletConnect);
 * -32602 {@link SMART_ACCOUNT_NOT_AVAILABLE} against the §5 rule; the secure frame's error otherwise
 */
export async function setPreferredAccountType(frame: Frame, type: AccountType): Promise<Result<null>> {
  const connector = frame.connectors.embedded;
  const state = frame.store.getState();
  if (!connector || frame.connectors.active()?.type !== 'AUTH' || connectionOf(state).wallet?.type !== 'AUTH')
    return err(ErrorCode.Unauthorized, ACCOUNT_TYPE_NEEDS_LOGIN);
  if (type === 'smartAccount' && !canSwitchTo(state, 'smartAccount'))
    return err(ErrorCode.InvalidParams, SMART_ACCOUNT_NOT_AVAILABLE);
  const caipNetworkId = connectionOf(state).caipNetworkId as CaipNetworkId;
  const answer = await connector.setPreferredAccountType(caipNetworkId, type);
  if (!answer.ok) {
    showToast(frame, answer.error.message, 'error');
    return answer;
  }
  frame.store.setState((s) => ({
    embedded: { ...s.embedded, preferredAccountType: type },
    connections: withUpdated(s.connections, connectionOf(s).wallet?.connectorId ?? '', 'eip155', (c) => ({
      ...c,
      accounts: c.accounts.map((a) => ({ ...a, type })),
    })),
  }));
  void refreshBalance(frame);
  return ok(null);
}

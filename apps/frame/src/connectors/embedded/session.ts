import {
  ErrorCode,
  eip155ChainId,
  err,
  isEvmAddress,
  ok,
  parseCaipAddress,
  toChecksumAddress,
  type EmbeddedUser,
  type Result,
} from '@airlock/protocol';
import type { ConnectorSession } from '../types.ts';
import { EMAIL_WALLET_ICON } from './icon.ts';

/**
 * The connector session of an embedded user: its eip155 account (EIP-55), the chain of
 * its active network (or of that account when the active network is not eip155), the
 * email as the display name. -32603 when the user has no usable eip155 account. Pure.
 */
export function sessionOfUser(user: EmbeddedUser): Result<ConnectorSession> {
  const account = user.accounts.find((a) => a.caipAddress.startsWith('eip155:'));
  if (!account) return err(ErrorCode.InternalError, 'The embedded wallet has no eip155 account');
  const { address, chainNamespace, chainId } = parseCaipAddress(account.caipAddress);
  if (chainNamespace !== 'eip155' || !isEvmAddress(address))
    return err(ErrorCode.InternalError, 'The embedded wallet sent an invalid eip155 account');
  const active = eip155ChainId(user.caipNetworkId) ?? Number(chainId);
  return ok({
    accounts: [toChecksumAddress(address)],
    chainId: active,
    name: user.email ?? user.userName ?? 'Email wallet',
    icon: EMAIL_WALLET_ICON,
  });
}

/** The account type of the user's eip155 account (spec §3 Account `type`), `eoa` when absent. Pure. */
export function accountTypeOf(user: EmbeddedUser): EmbeddedUser['preferredAccountType'] {
  return user.accounts.find((a) => a.caipAddress.startsWith('eip155:'))?.type ?? 'eoa';
}

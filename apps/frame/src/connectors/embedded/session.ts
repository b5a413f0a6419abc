import {
  ErrorCode,
  eip155ChainId,
  err,
  isEvmAddress,
  isSolanaAddress,
  ok,
  parseCaipAddress,
  toChecksumAddress,
  type EmbeddedUser,
  type Result,
} from '@airlock/protocol';
import type { ConnectorSession } from '../types.ts';
import { EMAIL_WALLET_ICON } from './icon.ts';

/**
 * The connector session of an embedded user: on a solana active network its solana account
 * (base58, `chainId` 0, `caipNetworkId` that network); otherwise its eip155 account (EIP-55) and
 * the chain of its active network (or of that account when the active network is not eip155);
 * the email as the display name. -32603 when the user has no usable account there. Pure.
 */
export function sessionOfUser(user: EmbeddedUser): Result<ConnectorSession> {
  const name = user.email ?? user.userName ?? 'Email wallet';
  if (user.caipNetworkId.startsWith('solana:')) {
    const solana = user.accounts.find((a) => a.caipAddress.startsWith('solana:'));
    const address = solana ? parseCaipAddress(solana.caipAddress).address : '';
    if (!isSolanaAddress(address)) return err(ErrorCode.InternalError, 'The embedded wallet has no solana account');
    return ok({ accounts: [address], chainId: 0, caipNetworkId: user.caipNetworkId, name, icon: EMAIL_WALLET_ICON });
  }
  const account = user.accounts.find((a) => a.caipAddress.startsWith('eip155:'));
  if (!account) return err(ErrorCode.InternalError, 'The embedded wallet has no eip155 account');
  const { address, chainNamespace, chainId } = parseCaipAddress(account.caipAddress);
  if (chainNamespace !== 'eip155' || !isEvmAddress(address))
    return err(ErrorCode.InternalError, 'The embedded wallet sent an invalid eip155 account');
  const active = eip155ChainId(user.caipNetworkId) ?? Number(chainId);
  return ok({
    accounts: [toChecksumAddress(address)],
    chainId: active,
    name,
    icon: EMAIL_WALLET_ICON,
    accountType: accountTypeOf(user),
  });
}

/** The account type of the user's eip155 account (spec §3 Account `type`), `eoa` when absent. Pure. */
export function accountTypeOf(user: EmbeddedUser): EmbeddedUser['preferredAccountType'] {
  return user.accounts.find((a) => a.caipAddress.startsWith('eip155:'))?.type ?? 'eoa';
}

import {
  ErrorCode,
  chainNamespaceOf,
  err,
  ok,
  parseCaipAddress,
  type CaipNetworkId,
  type EmbeddedUser,
  type Result,
} from '@airlock/protocol';
import { accountAddressOf } from '../../namespaces/addresses.ts';
import type { ConnectorSession } from '../types.ts';
import { EMAIL_WALLET_ICON } from './icon.ts';
import { EMBEDDED_NAMESPACES } from './id.ts';

/** An embedded user's account on one namespace: its address as the namespace keeps it, its network and account type. */
export type EmbeddedAccount = {
  /** The address, checked and written as its namespace keeps it (`accountAddressOf`: eip155 EIP-55, solana base58). */
  address: string;
  /** The network of the account id (CAIP-2). */
  caipNetworkId: CaipNetworkId;
  /** Its account type (spec §3 Account `type`). */
  type: EmbeddedUser['preferredAccountType'];
};

/**
 * The user's account on `chainNamespace`, checked by that namespace's plug-in (`namespaces/addresses.ts`);
 * null when the user has none there or it is malformed. Pure.
 */
export function accountIn(user: EmbeddedUser, chainNamespace: string): EmbeddedAccount | null {
  const account = user.accounts.find((a) => a.caipAddress.startsWith(`${chainNamespace}:`));
  if (!account) return null;
  try {
    const parsed = parseCaipAddress(account.caipAddress);
    const address = accountAddressOf(account.caipAddress, parsed.address);
    if (!address) return null;
    return {
      address,
      caipNetworkId: `${parsed.chainNamespace}:${parsed.chainId}` as CaipNetworkId,
      type: account.type,
    };
  } catch {
    return null;
  }
}

/**
 * The connector session of an embedded user: its account on the namespace of its active network
 * when the embedded wallet serves that namespace, on that network; otherwise its account on the
 * wallet's first namespace (eip155), on that account's network; the email as the display name.
 * -32603 when the user has no usable account there. Pure.
 */
export function sessionOfUser(user: EmbeddedUser): Result<ConnectorSession> {
  const name = user.email ?? user.userName ?? 'Email wallet';
  const active = chainNamespaceOf(user.caipNetworkId);
  const served = (EMBEDDED_NAMESPACES as readonly string[]).includes(active);
  const chainNamespace = served ? active : EMBEDDED_NAMESPACES[0];
  const account = accountIn(user, chainNamespace);
  if (!account) return err(ErrorCode.InternalError, `The embedded wallet has no ${chainNamespace} account`);
  return ok({
    accounts: [account.address],
    caipNetworkId: served ? user.caipNetworkId : account.caipNetworkId,
    name,
    icon: EMAIL_WALLET_ICON,
    accountType: account.type,
  });
}

/**
 * The account type of the user's account on `chainNamespace` (spec §3 Account `type`; smart
 * accounts are eip155's), `eoa` when absent. Pure.
 */
export function accountTypeOf(
  user: EmbeddedUser,
  chainNamespace = EMBEDDED_NAMESPACES[0],
): EmbeddedUser['preferredAccountType'] {
  return user.accounts.find((a) => a.caipAddress.startsWith(`${chainNamespace}:`))?.type ?? 'eoa';
}

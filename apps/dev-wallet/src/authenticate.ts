import type { WalletKitTypes } from '@reown/walletkit';
import type { AuthTypes } from '@walletconnect/types';
import { buildAuthObject, getSdkError, populateAuthPayload } from '@walletconnect/utils';
import type { HDAccount } from 'viem/accounts';
import type { DevWalletConfig } from './config.ts';
import { SUPPORTED_METHODS } from './namespaces.ts';
import type { WalletKitClient } from './walletKit.ts';

/**
 * One-click authentication (`wc_sessionAuthenticate`, CAIP-74 CACAO) in the Dev Wallet: the
 * dapp asks for a session and a sign-in together; the wallet shows the sign-in message(s)
 * and either signs one per requested chain it has (with the chosen account) or rejects.
 * Approving also opens the session (its methods come from the request's ReCap).
 */

/** A sign-in request waiting for `Approve` / `Reject`. */
export type PendingAuthentication = {
  /** JSON-RPC id of the `wc_sessionAuthenticate` request. */
  id: number;
  /** The dapp's metadata as it claims it (not verified offline). */
  dapp: { name: string; url: string };
  /** The payload narrowed to the chains and methods the wallet supports (`populateAuthPayload`). */
  payload: AuthTypes.PayloadParams;
  /** What the wallet will sign: one EIP-4361 message per chain, for `account`. */
  messages: { caipNetworkId: string; message: string }[];
  /** The signing account (account 0). */
  address: string;
};

/** The DID of `address` on `caipNetworkId` (`did:pkh:eip155:31337:0x…`), the CACAO issuer. */
const issuer = (caipNetworkId: string, address: string) => `did:pkh:${caipNetworkId}:${address}`;

/**
 * The pending sign-in of a `session_authenticate` event, for `account`: the chains the
 * wallet has among those requested, the methods it supports among the ReCap's, and the
 * message it would sign on each chain (walletkit's `formatAuthMessage`).
 * @throws Error 'No supported chains' when the wallet has none of the requested chains.
 */
export function toAuthentication(
  walletkit: WalletKitClient,
  event: WalletKitTypes.SessionAuthenticate,
  config: DevWalletConfig,
  account: HDAccount,
): PendingAuthentication {
  const { authPayload, requester } = event.params;
  const payload = populateAuthPayload({
    authPayload,
    chains: config.networks.map((n) => n.caipNetworkId),
    methods: [...SUPPORTED_METHODS],
  });
  return {
    id: event.id,
    dapp: { name: requester.metadata.name, url: requester.metadata.url },
    payload,
    messages: payload.chains.map((caipNetworkId) => ({
      caipNetworkId,
      message: walletkit.formatAuthMessage({ request: payload, iss: issuer(caipNetworkId, account.address) }),
    })),
    address: account.address,
  };
}

/**
 * Signs each message with `account` (EIP-191 `personal_sign`), builds the CACAOs
 * (`buildAuthObject`) and approves (`approveSessionAuthenticate`), which also settles the session.
 * @throws walletkit's error when the request expired or the relay is unreachable.
 */
export async function approveAuthentication(
  walletkit: WalletKitClient,
  pending: PendingAuthentication,
  account: HDAccount,
): Promise<void> {
  const auths: AuthTypes.Cacao[] = [];
  for (const { caipNetworkId, message } of pending.messages) {
    const signature = await account.signMessage({ message });
    auths.push(buildAuthObject(pending.payload, { t: 'eip191', s: signature }, issuer(caipNetworkId, account.address)));
  }
  await walletkit.approveSessionAuthenticate({ id: pending.id, auths });
}

/** Rejects with `getSdkError('USER_REJECTED')` (5000 'User rejected.'). */
export function rejectAuthentication(
  walletkit: WalletKitClient,
  pending: Pick<PendingAuthentication, 'id'>,
): Promise<void> {
  return walletkit.rejectSessionAuthenticate({ id: pending.id, reason: getSdkError('USER_REJECTED') });
}

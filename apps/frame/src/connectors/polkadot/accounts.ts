import { validate } from '@airlock/protocol';
import { parsePolkadotAddress } from '@airlock/protocol/polkadot';
import { PolkadotAccountSchema } from '@airlock/protocol/polkadotWallets';

/** A connected Polkadot account: its address in the network's SS58 format, the address its extension gave, its name. */
export type PolkadotAccount = { address: string; given: string; name?: string | undefined };

/**
 * The accounts of an extension's list on `caipNetworkId`: each valid SS58 account (any format; an
 * account is the same key on every network) with its address in the network's format, and the
 * address the extension gave (what it signs with). Ill-formed entries are left out.
 */
export function polkadotAccounts(list: readonly unknown[], caipNetworkId: string): PolkadotAccount[] {
  const accounts: PolkadotAccount[] = [];
  for (const entry of list) {
    const parsed = validate(PolkadotAccountSchema, entry);
    if (!parsed.ok) continue;
    const address = parsePolkadotAddress(parsed.value.address, caipNetworkId);
    if (!address.ok || accounts.some((a) => a.address === address.address)) continue;
    accounts.push({
      address: address.address,
      given: parsed.value.address,
      ...(parsed.value.name ? { name: parsed.value.name } : {}),
    });
  }
  return accounts;
}

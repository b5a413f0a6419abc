import { eip155AccountAddress } from './eip155/address.ts';
import { solanaAccountAddress } from './solana/address.ts';

// Apart from info.ts: the connectors check addresses with it, and the namespaces' info names the
// `Frame` type (its balance read), which the connectors' own types sit below.

/**
 * How each namespace keeps an account address (`namespaces/<name>/address.ts`): the checked form
 * (eip155 EIP-55, solana base58), or null when the address is not one. A namespace without an
 * entry takes its wallets' addresses as given. Adding a namespace whose addresses need a check:
 * one entry here.
 */
const ACCOUNT_ADDRESS: Readonly<Record<string, (address: string) => string | null>> = {
  eip155: eip155AccountAddress,
  solana: solanaAccountAddress,
};

/**
 * `address`, an account of the namespace of `caipId` (a CAIP-2 or CAIP-10 id), as that namespace
 * keeps it; null when it is not a valid one there. Pure.
 */
export function accountAddressOf(caipId: string, address: string): string | null {
  const check = ACCOUNT_ADDRESS[caipId.slice(0, caipId.indexOf(':'))];
  return check ? check(address) : address;
}

import { bip122Info } from './bip122/info.ts';
import { cosmosInfo } from './cosmos/info.ts';
import { eip155Info } from './eip155/info.ts';
import { polkadotInfo } from './polkadot/info.ts';
import { solanaInfo } from './solana/info.ts';
import type { Network } from '@airlock/protocol';
import type { NamespaceInfo } from './types.ts';

/**
 * What the shared actions read of each namespace (the {@link NamespaceInfo} part of its plug-in),
 * in the order of `NAMESPACES` (namespaces/index.ts). Adding a namespace: one entry here too.
 */
export const NAMESPACE_INFO: readonly NamespaceInfo[] = [eip155Info, solanaInfo, bip122Info, cosmosInfo, polkadotInfo];

/**
 * The namespace of a CAIP-2 network id or CAIP-10 account id (`solana:5eyk…` → solana: the part
 * before the first colon), or undefined when this frame does not serve that namespace.
 */
export function namespaceOf(caipId: string): NamespaceInfo | undefined {
  const name = caipId.slice(0, caipId.indexOf(':'));
  return NAMESPACE_INFO.find((namespace) => namespace.name === name);
}

/**
 * True when one-click sign-in may be used for `networks` (spec §5 'Authenticated sessions
 * need non-empty chains, uri, domain, nonce, and a single eip155 namespace'): at least one
 * network, every one of a namespace whose plug-in supports it (`supports.oneClickSignIn`: eip155,
 * a SIWE message). A dapp that also configured solana or bip122 gets an ordinary proposal for all
 * its namespaces, then the sign-in view. Pure.
 */
export function oneClickApplies(networks: readonly Network[]): boolean {
  return networks.length > 0 && networks.every((n) => namespaceOf(n.caipNetworkId)?.supports.oneClickSignIn === true);
}

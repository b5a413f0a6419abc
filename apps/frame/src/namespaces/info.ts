import { bip122Info } from './bip122/info.ts';
import { cosmosInfo } from './cosmos/info.ts';
import { eip155Info } from './eip155/info.ts';
import { polkadotInfo } from './polkadot/info.ts';
import { solanaInfo } from './solana/info.ts';
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

import { bip122 } from './bip122/index.ts';
import { cosmos } from './cosmos/index.ts';
import { eip155 } from './eip155/index.ts';
import { polkadot } from './polkadot/index.ts';
import { solana } from './solana/index.ts';
import type { Namespace } from './types.ts';

export type {
  DappRequest,
  Namespace,
  NamespaceAccountType,
  NamespaceInfo,
  NamespaceSupport,
  NamespaceViews,
} from './types.ts';

/**
 * The namespaces this frame serves, one plug-in each. Adding a namespace: its folder, one entry
 * here and one in `NAMESPACE_INFO` (namespaces/info.ts).
 */
export const NAMESPACES: readonly Namespace[] = [eip155, solana, bip122, cosmos, polkadot];

/** The plug-in of namespace `name`, or undefined when this frame does not serve it. */
export function namespaceNamed(name: string): Namespace | undefined {
  return NAMESPACES.find((namespace) => namespace.name === name);
}

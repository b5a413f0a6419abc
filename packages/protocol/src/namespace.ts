import { z } from 'zod/mini';
import { Message } from './codes.ts';

/** Chain namespaces the widget knows (spec §1, §5 'RPC chain namespace'). CAIP-2 namespace part. */
export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const;

/** A chain namespace: `eip155`, `solana`, `polkadot`, `bip122` or `cosmos` (spec §5). */
export const ChainNamespaceSchema = z.enum(CHAIN_NAMESPACES);

/** A chain namespace, spec §1. */
export type ChainNamespace = z.infer<typeof ChainNamespaceSchema>;

/**
 * The chain namespace of a CAIP-2 network id (`solana:5eyk…` → `solana`): the part before the
 * first colon (CAIP-2).
 * @throws Error 'Invalid CAIP-2 network id' when that part is not one of {@link CHAIN_NAMESPACES}.
 */
export function chainNamespaceOf(caipNetworkId: string): ChainNamespace {
  const namespace = ChainNamespaceSchema.safeParse(caipNetworkId.slice(0, caipNetworkId.indexOf(':')));
  if (!namespace.success) throw new Error(Message.InvalidCaipNetworkId);
  return namespace.data;
}

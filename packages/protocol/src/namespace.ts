import { z } from 'zod/mini';

/** Chain namespaces the widget knows (spec §1, §5 'RPC chain namespace'). CAIP-2 namespace part. */
export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const;

/** A chain namespace: `eip155`, `solana`, `polkadot`, `bip122` or `cosmos` (spec §5). */
export const ChainNamespaceSchema = z.enum(CHAIN_NAMESPACES);

/** A chain namespace, spec §1. */
export type ChainNamespace = z.infer<typeof ChainNamespaceSchema>;

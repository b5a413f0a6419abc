import type { Keypair } from '@solana/web3.js';
import type { z } from 'zod/mini';
import type { Chain } from '../chain.ts';
import { RPC_ERROR, RpcError } from '../errors.ts';

/** The Agave version this server reports (`getVersion`, `context.apiVersion`). */
export const API_VERSION = '2.2.0';

/** What every method handler can use. */
export interface MethodContext {
  chain: Chain;
  /** Pays `requestAirdrop`. */
  faucet: Keypair;
  /** base58, derived from the seed. */
  genesisHash: string;
}

/** A JSON-RPC method: a zod schema for its `params` array and the handler of the parsed params. */
export interface Method {
  params: z.ZodMiniType;
  run: (params: never, ctx: MethodContext) => unknown;
}

/** Declares a method with its params schema (the handler gets the parsed, typed params). */
export const method = <S extends z.ZodMiniType>(
  params: S,
  run: (params: z.output<S>, ctx: MethodContext) => unknown,
): Method => ({
  params,
  run: run as Method['run'],
});

/** Wraps a value in the RPC's `{ context: { apiVersion, slot }, value }` response. */
export const withContext = (ctx: MethodContext, value: unknown) => ({
  context: { apiVersion: API_VERSION, slot: ctx.chain.slot() },
  value,
});

/**
 * Refuses a read whose `minContextSlot` is ahead of the chain.
 * @throws RpcError -32016 with `data.contextSlot`
 */
export function checkMinContextSlot(ctx: MethodContext, config: { minContextSlot?: number } | null | undefined): void {
  const min = config?.minContextSlot;
  if (min !== undefined && min > ctx.chain.slot()) {
    throw new RpcError(RPC_ERROR.minContextSlotNotReached, 'Minimum context slot has not been reached', {
      contextSlot: ctx.chain.slot(),
    });
  }
}

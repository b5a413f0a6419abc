import { z } from 'zod/mini';
import { SLOTS_PER_EPOCH } from '../chain.ts';
import { RPC_ERROR, RpcError } from '../errors.ts';
import { optionalConfig, readConfig } from '../params.ts';
import { API_VERSION, checkMinContextSlot, type Method, method, withContext } from './context.ts';

const noParams = z.tuple([]);
const readOnly = z.tuple([optionalConfig(readConfig)]);
/** A constant feature-set id for `getVersion`. */
const FEATURE_SET = 0;

/** Cluster state: slots, blockhashes, epochs, rent, version. */
export const clusterMethods: Record<string, Method> = {
  getLatestBlockhash: method(readOnly, ([config], ctx) => {
    checkMinContextSlot(ctx, config);
    return withContext(ctx, ctx.chain.latestBlockhash());
  }),
  isBlockhashValid: method(z.tuple([z.string(), optionalConfig(readConfig)]), ([hash, config], ctx) => {
    checkMinContextSlot(ctx, config);
    return withContext(ctx, ctx.chain.isBlockhashValid(hash));
  }),
  getMinimumBalanceForRentExemption: method(
    z.tuple([
      z
        .int()
        .check(z.nonnegative())
        .check(z.lte(10 * 1024 * 1024)),
      optionalConfig(z.object({ commitment: readConfig.shape.commitment })),
    ]),
    ([length], ctx) => Number(ctx.chain.svm.minimumBalanceForRentExemption(BigInt(length))),
  ),
  getSlot: method(readOnly, ([config], ctx) => {
    checkMinContextSlot(ctx, config);
    return ctx.chain.slot();
  }),
  getBlockHeight: method(readOnly, ([config], ctx) => {
    checkMinContextSlot(ctx, config);
    return ctx.chain.slot();
  }),
  getEpochInfo: method(readOnly, ([config], ctx) => {
    checkMinContextSlot(ctx, config);
    const slot = ctx.chain.slot();
    return {
      absoluteSlot: slot,
      blockHeight: slot,
      epoch: Math.floor(slot / SLOTS_PER_EPOCH),
      slotIndex: slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: ctx.chain.transactionCount(),
    };
  }),
  getEpochSchedule: method(noParams, () => ({
    slotsPerEpoch: SLOTS_PER_EPOCH,
    leaderScheduleSlotOffset: SLOTS_PER_EPOCH,
    warmup: false,
    firstNormalEpoch: 0,
    firstNormalSlot: 0,
  })),
  getTransactionCount: method(readOnly, (_, ctx) => ctx.chain.transactionCount()),
  getBlockTime: method(z.tuple([z.int().check(z.nonnegative())]), ([slot], ctx) => {
    const time = ctx.chain.blockTime(slot);
    if (time === undefined) throw new RpcError(RPC_ERROR.blockNotAvailable, `Block not available for slot ${slot}`);
    return time;
  }),
  getRecentPrioritizationFees: method(
    z.union([z.tuple([z.array(z.string()).check(z.maxLength(128))]), noParams]),
    () => [],
  ),
  getVersion: method(noParams, () => ({ 'solana-core': API_VERSION, 'feature-set': FEATURE_SET })),
  getGenesisHash: method(noParams, (_, ctx) => ctx.genesisHash),
  getHealth: method(noParams, () => 'ok'),
  getIdentity: method(noParams, (_, ctx) => ({ identity: ctx.faucet.publicKey.toBase58() })),
};

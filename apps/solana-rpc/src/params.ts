import { PublicKey } from '@solana/web3.js';
import { z } from 'zod';
import { decodeBase58 } from './base58.ts';

/** Commitment levels (the deprecated aliases included). Every transaction here is final once included. */
export const commitment = z.enum([
  'processed',
  'confirmed',
  'finalized',
  'recent',
  'single',
  'singleGossip',
  'root',
  'max',
]);

/** A base58 public key (32 bytes), parsed to a `PublicKey`. */
export const pubkey = z.string().transform((text, ctx) => {
  const bytes = decodeBase58(text);
  if (bytes?.length !== 32) {
    ctx.addIssue({
      code: 'custom',
      message: `${JSON.stringify(text.slice(0, 64))} is not a base58 public key (32 bytes)`,
    });
    return z.NEVER;
  }
  return new PublicKey(bytes);
});

/** A base58 transaction signature (64 bytes), kept as text. */
export const signature = z.string().refine((text) => decodeBase58(text)?.length === 64, {
  message: 'not a base58 transaction signature (64 bytes)',
});

const slotNumber = z.number().int().nonnegative();

/** The config every read accepts. */
export const readConfig = z.object({ commitment: commitment.optional(), minContextSlot: slotNumber.optional() });

/** Account data encodings: `binary` is the legacy plain base58 string. `base64+zstd` is refused. */
export const accountEncoding = z.enum(['binary', 'base58', 'base64', 'jsonParsed']);

/** `dataSlice`: return `length` bytes of the data from `offset`. */
export const dataSlice = z.object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() });

/** The config of account reads (`getAccountInfo`, `getMultipleAccounts`, `getTokenAccountsByOwner`, `getProgramAccounts`). */
export const accountConfig = readConfig.extend({
  encoding: accountEncoding.optional(),
  dataSlice: dataSlice.optional(),
});

/** Encodings of a wire transaction in `sendTransaction` / `simulateTransaction` (default base58). */
export const wireEncoding = z.enum(['base58', 'base64']);

/** Optional trailing config: absent, `null` or an object. */
export const optionalConfig = <T extends z.ZodType>(schema: T) => schema.nullish();

export type AccountConfig = z.infer<typeof accountConfig>;

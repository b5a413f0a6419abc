import { PublicKey } from '@solana/web3.js';
import { z } from 'zod/mini';
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
export const pubkey = z.pipe(
  z.string(),
  z.transform((text, ctx) => {
    const bytes = decodeBase58(text);
    if (bytes?.length !== 32) {
      ctx.issues.push({
        code: 'custom',
        message: `${JSON.stringify(text.slice(0, 64))} is not a base58 public key (32 bytes)`,
        input: text,
      });
      return z.NEVER;
    }
    return new PublicKey(bytes);
  }),
);

/** A base58 transaction signature (64 bytes), kept as text. */
export const signature = z.string().check(
  z.refine((text) => decodeBase58(text)?.length === 64, {
    message: 'not a base58 transaction signature (64 bytes)',
  }),
);

const slotNumber = z.int().check(z.nonnegative());

/** The config every read accepts. */
export const readConfig = z.object({ commitment: z.optional(commitment), minContextSlot: z.optional(slotNumber) });

/** Account data encodings: `binary` is the legacy plain base58 string. `base64+zstd` is refused. */
export const accountEncoding = z.enum(['binary', 'base58', 'base64', 'jsonParsed']);

/** `dataSlice`: return `length` bytes of the data from `offset`. */
export const dataSlice = z.object({ offset: z.int().check(z.nonnegative()), length: z.int().check(z.nonnegative()) });

/** The config of account reads (`getAccountInfo`, `getMultipleAccounts`, `getTokenAccountsByOwner`, `getProgramAccounts`). */
export const accountConfig = z.extend(readConfig, {
  encoding: z.optional(accountEncoding),
  dataSlice: z.optional(dataSlice),
});

/** Encodings of a wire transaction in `sendTransaction` / `simulateTransaction` (default base58). */
export const wireEncoding = z.enum(['base58', 'base64']);

/** Optional trailing config: absent, `null` or an object. */
export const optionalConfig = <T extends z.ZodMiniType>(schema: T) => z.nullish(schema);

export type AccountConfig = z.infer<typeof accountConfig>;

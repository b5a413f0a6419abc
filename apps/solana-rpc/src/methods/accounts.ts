import type { PublicKey } from '@solana/web3.js';
import { z } from 'zod/mini';
import { decodeBase58 } from '../base58.ts';
import { encodeAccount } from '../encoding.ts';
import { invalidParams } from '../errors.ts';
import { type AccountConfig, accountConfig, optionalConfig, pubkey, readConfig } from '../params.ts';
import { mintDecimals, readMint, readTokenAccount, tokenProgramOf, uiTokenAmount } from '../tokens.ts';
import { checkMinContextSlot, type Method, type MethodContext, method, withContext } from './context.ts';

/** Most keys `getMultipleAccounts` takes (Agave's limit). */
const MAX_MULTIPLE_ACCOUNTS = 100;

const memcmpFilter = z.object({
  memcmp: z.object({
    offset: z.int().check(z.nonnegative()),
    bytes: z.string(),
    encoding: z.optional(z.enum(['base58', 'base64'])),
  }),
});
const filter = z.union([z.object({ dataSize: z.int().check(z.nonnegative()) }), memcmpFilter]);
type Filter = z.infer<typeof filter>;

const programAccountsConfig = z.extend(accountConfig, {
  filters: z.optional(z.array(filter).check(z.maxLength(4))),
  withContext: z.optional(z.boolean()),
});

const matches = (data: Uint8Array, filters: Filter[]): boolean =>
  filters.every((f) => {
    if ('dataSize' in f) return data.length === f.dataSize;
    const { offset, bytes, encoding } = f.memcmp;
    const wanted = encoding === 'base64' ? Buffer.from(bytes, 'base64') : decodeBase58(bytes);
    if (!wanted) throw invalidParams('memcmp bytes are not valid base58');
    return offset + wanted.length <= data.length && wanted.every((byte, i) => data[offset + i] === byte);
  });

/** Accounts owned by a program that pass the filters. */
const scanOwnedBy = (ctx: MethodContext, program: PublicKey, filters: Filter[]) => {
  return ctx.chain.programAccounts(program).filter(({ info }) => matches(info.data, filters));
};

const readAccount = (ctx: MethodContext, address: PublicKey, config: AccountConfig | null | undefined) => {
  const info = ctx.chain.getAccount(address);
  return info ? encodeAccount(address, info, config ?? {}, ctx.chain.getAccount) : null;
};

const tokenAccountOrThrow = (ctx: MethodContext, address: PublicKey) => {
  const info = ctx.chain.getAccount(address);
  const account = info && readTokenAccount(address, info);
  if (!account) throw invalidParams('not a Token account');
  return account;
};

const tokenFilter = z.union([z.object({ mint: pubkey }), z.object({ programId: pubkey })]);

/** Account reads: balances, account data, token accounts. */
export const accountMethods: Record<string, Method> = {
  getBalance: method(z.tuple([pubkey, optionalConfig(readConfig)]), ([address, config], ctx) => {
    checkMinContextSlot(ctx, config);
    return withContext(ctx, ctx.chain.getAccount(address)?.lamports ?? 0);
  }),
  getAccountInfo: method(z.tuple([pubkey, optionalConfig(accountConfig)]), ([address, config], ctx) => {
    checkMinContextSlot(ctx, config);
    return withContext(ctx, readAccount(ctx, address, config));
  }),
  getMultipleAccounts: method(
    z.tuple([z.array(pubkey).check(z.maxLength(MAX_MULTIPLE_ACCOUNTS)), optionalConfig(accountConfig)]),
    ([addresses, config], ctx) => {
      checkMinContextSlot(ctx, config);
      return withContext(
        ctx,
        addresses.map((address) => readAccount(ctx, address, { encoding: 'base64', ...config })),
      );
    },
  ),
  getProgramAccounts: method(z.tuple([pubkey, optionalConfig(programAccountsConfig)]), ([program, config], ctx) => {
    checkMinContextSlot(ctx, config);
    const list = scanOwnedBy(ctx, program, config?.filters ?? []).map(({ address, info }) => ({
      pubkey: address.toBase58(),
      account: encodeAccount(address, info, config ?? {}, ctx.chain.getAccount),
    }));
    return config?.withContext ? withContext(ctx, list) : list;
  }),
  getTokenAccountsByOwner: method(
    z.tuple([pubkey, tokenFilter, optionalConfig(accountConfig)]),
    ([owner, by, config], ctx) => {
      checkMinContextSlot(ctx, config);
      const programs = 'programId' in by ? [by.programId] : [];
      if ('mint' in by) {
        const mintInfo = ctx.chain.getAccount(by.mint);
        const program = mintInfo && readMint(by.mint, mintInfo) ? tokenProgramOf(mintInfo) : undefined;
        if (!program) throw invalidParams('could not find mint');
        programs.push(program.id);
      } else if (!tokenProgramOf({ owner: by.programId, data: new Uint8Array(), lamports: 0, executable: false })) {
        throw invalidParams(`unrecognized Token program id`);
      }
      const ownerFilter: Filter = { memcmp: { offset: 32, bytes: owner.toBase58() } };
      const filters: Filter[] =
        'mint' in by ? [{ memcmp: { offset: 0, bytes: by.mint.toBase58() } }, ownerFilter] : [ownerFilter];
      const list = programs
        .flatMap((program) => scanOwnedBy(ctx, program, filters))
        .filter(({ address, info }) => readTokenAccount(address, info) !== null)
        .map(({ address, info }) => ({
          pubkey: address.toBase58(),
          account: encodeAccount(address, info, config ?? {}, ctx.chain.getAccount),
        }));
      return withContext(ctx, list);
    },
  ),
  getTokenAccountBalance: method(z.tuple([pubkey, optionalConfig(readConfig)]), ([address, config], ctx) => {
    checkMinContextSlot(ctx, config);
    const account = tokenAccountOrThrow(ctx, address);
    return withContext(ctx, uiTokenAmount(account.amount, mintDecimals(account.mint, ctx.chain.getAccount)));
  }),
  getTokenSupply: method(z.tuple([pubkey, optionalConfig(readConfig)]), ([address, config], ctx) => {
    checkMinContextSlot(ctx, config);
    const mint = readMint(address, ctx.chain.getAccount(address));
    if (!mint) throw invalidParams('not a Token mint');
    return withContext(ctx, uiTokenAmount(mint.supply, mint.decimals));
  }),
};

import {
  type Account as TokenAccount,
  type Mint,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  unpackAccount,
  unpackMint,
} from '@solana/spl-token';
import type { AccountInfo, PublicKey } from '@solana/web3.js';

/** Reads an account's current state; `null` when it does not exist. */
export type AccountReader = (address: PublicKey) => AccountInfo<Uint8Array> | null;

/** A token amount as the RPC shows it (`getTokenAccountBalance`, `tokenAmount`, `uiTokenAmount`). */
export interface UiTokenAmount {
  /** Base units, decimal string. */
  amount: string;
  decimals: number;
  /** `amount / 10^decimals` as a float (may lose precision). */
  uiAmount: number;
  /** `amount / 10^decimals` exactly, without trailing zeros. */
  uiAmountString: string;
}

/** A token balance entry of a transaction's `preTokenBalances` / `postTokenBalances`. */
export interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: UiTokenAmount;
}

const TOKEN_PROGRAMS: Record<string, { id: PublicKey; name: string }> = {
  [TOKEN_PROGRAM_ID.toBase58()]: { id: TOKEN_PROGRAM_ID, name: 'spl-token' },
  [TOKEN_2022_PROGRAM_ID.toBase58()]: { id: TOKEN_2022_PROGRAM_ID, name: 'spl-token-2022' },
};

/** The token program (SPL Token or Token-2022) owning an account, if any. */
export const tokenProgramOf = (info: AccountInfo<Uint8Array>): { id: PublicKey; name: string } | undefined =>
  TOKEN_PROGRAMS[info.owner.toBase58()];

const asBufferInfo = (info: AccountInfo<Uint8Array>): AccountInfo<Buffer> => ({
  ...info,
  data: Buffer.from(info.data),
});

/** Decodes a token account (SPL Token or Token-2022 base layout); `null` when the account is none. */
export function readTokenAccount(address: PublicKey, info: AccountInfo<Uint8Array>): TokenAccount | null {
  const program = tokenProgramOf(info);
  if (!program) return null;
  try {
    return unpackAccount(address, asBufferInfo(info), program.id);
  } catch {
    return null;
  }
}

/** Decodes a mint (SPL Token or Token-2022 base layout); `null` when the account is none. */
export function readMint(address: PublicKey, info: AccountInfo<Uint8Array> | null): Mint | null {
  const program = info && tokenProgramOf(info);
  if (!info || !program) return null;
  try {
    return unpackMint(address, asBufferInfo(info), program.id);
  } catch {
    return null;
  }
}

/** Formats base units as a {@link UiTokenAmount}. */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const scale = 10n ** BigInt(decimals);
  const fraction = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  const uiAmountString = fraction ? `${amount / scale}.${fraction}` : `${amount / scale}`;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

/** The decimals of a token account's mint (0 when the mint cannot be read). */
export const mintDecimals = (mint: PublicKey, read: AccountReader): number => readMint(mint, read(mint))?.decimals ?? 0;

/**
 * The `jsonParsed` form of an SPL Token / Token-2022 account or mint, as the RPC's
 * account parser prints it; `null` for any other account (the caller falls back to base64).
 * Token-2022 extensions are not decoded.
 */
export function parseTokenAccountJson(address: PublicKey, info: AccountInfo<Uint8Array>, read: AccountReader): unknown {
  const program = tokenProgramOf(info);
  if (!program) return null;
  const account = readTokenAccount(address, info);
  if (account) {
    const decimals = mintDecimals(account.mint, read);
    const parsedInfo: Record<string, unknown> = {
      isNative: account.isNative,
      mint: account.mint.toBase58(),
      owner: account.owner.toBase58(),
      state: account.isFrozen ? 'frozen' : account.isInitialized ? 'initialized' : 'uninitialized',
      tokenAmount: uiTokenAmount(account.amount, decimals),
    };
    if (account.delegate) {
      parsedInfo.delegate = account.delegate.toBase58();
      parsedInfo.delegatedAmount = uiTokenAmount(account.delegatedAmount, decimals);
    }
    if (account.rentExemptReserve !== null)
      parsedInfo.rentExemptReserve = uiTokenAmount(account.rentExemptReserve, decimals);
    if (account.closeAuthority) parsedInfo.closeAuthority = account.closeAuthority.toBase58();
    return { program: program.name, parsed: { info: parsedInfo, type: 'account' }, space: info.data.length };
  }
  const mint = readMint(address, info);
  if (!mint) return null;
  return {
    program: program.name,
    parsed: {
      info: {
        decimals: mint.decimals,
        freezeAuthority: mint.freezeAuthority?.toBase58() ?? null,
        isInitialized: mint.isInitialized,
        mintAuthority: mint.mintAuthority?.toBase58() ?? null,
        supply: mint.supply.toString(),
      },
      type: 'mint',
    },
    space: info.data.length,
  };
}

/** The token balance entries of a transaction's accounts (those that are token accounts). */
export function tokenBalances(keys: PublicKey[], read: AccountReader): TokenBalance[] {
  const balances: TokenBalance[] = [];
  keys.forEach((key, accountIndex) => {
    const info = read(key);
    const account = info && readTokenAccount(key, info);
    if (!info || !account) return;
    balances.push({
      accountIndex,
      mint: account.mint.toBase58(),
      owner: account.owner.toBase58(),
      programId: info.owner.toBase58(),
      uiTokenAmount: uiTokenAmount(account.amount, mintDecimals(account.mint, read)),
    });
  });
  return balances;
}

import {
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createMintToInstruction,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import {
  type Keypair,
  PublicKey,
  SystemProgram,
  type TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import type { Chain, SubmitResult } from './chain.ts';
import { DEV_ACCOUNT_LAMPORTS, DEV_MINT_DECIMALS, DEV_TOKEN_AMOUNT } from './devAccounts.ts';
import { transactionErrorMessage } from './errors.ts';

/** SOL the faucet holds at start: 1,000,000 SOL in lamports (pays airdrops and start-up transactions). */
export const FAUCET_LAMPORTS = 1_000_000n * 1_000_000_000n;

/** Signs and submits instructions as one transaction at the current blockhash. */
export function submitInstructions(
  chain: Chain,
  payer: Keypair,
  instructions: TransactionInstruction[],
  signers: Keypair[] = [],
): SubmitResult {
  const message = new TransactionMessage({
    payerKey: payer.publicKey,
    recentBlockhash: chain.latestBlockhash().blockhash,
    instructions,
  }).compileToLegacyMessage();
  const tx = new VersionedTransaction(message);
  tx.sign([payer, ...signers]);
  return chain.submit(tx);
}

const mustLand = (what: string, result: SubmitResult): void => {
  const err = result.included ? result.record.err : result.err;
  if (err !== null) throw new Error(`solana-rpc start-up: ${what} failed: ${transactionErrorMessage(err)}`);
};

/** What {@link createGenesis} set up. */
export interface Genesis {
  /** The DEV mint's address. */
  devMint: PublicKey;
  /** Each dev account's associated DEV token account, in dev account order. */
  devTokenAccounts: PublicKey[];
}

/**
 * Start-up state: the faucet and the dev accounts funded directly (like a genesis allocation),
 * then, through real transactions paid by the faucet, the DEV mint (faucet = mint authority, no
 * freeze authority) and each dev account's associated token account holding {@link DEV_TOKEN_AMOUNT}.
 * @throws Error when a start-up transaction fails (a bug, not an input problem)
 */
export function createGenesis(chain: Chain, faucet: Keypair, devAccounts: Keypair[], mint: Keypair): Genesis {
  const fund = (address: PublicKey, lamports: bigint): void =>
    chain.setAccount(address, {
      lamports: Number(lamports),
      data: new Uint8Array(),
      owner: SystemProgram.programId,
      executable: false,
    });
  fund(faucet.publicKey, FAUCET_LAMPORTS);
  for (const account of devAccounts) fund(account.publicKey, DEV_ACCOUNT_LAMPORTS);

  const rent = Number(chain.svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE)));
  mustLand(
    'creating the DEV mint',
    submitInstructions(
      chain,
      faucet,
      [
        SystemProgram.createAccount({
          fromPubkey: faucet.publicKey,
          newAccountPubkey: mint.publicKey,
          space: MINT_SIZE,
          lamports: rent,
          programId: TOKEN_PROGRAM_ID,
        }),
        createInitializeMint2Instruction(mint.publicKey, DEV_MINT_DECIMALS, faucet.publicKey, null),
      ],
      [mint],
    ),
  );
  const devTokenAccounts = devAccounts.map((account) => {
    const ata = getAssociatedTokenAddressSync(mint.publicKey, account.publicKey);
    mustLand(
      `minting DEV to ${account.publicKey.toBase58()}`,
      submitInstructions(chain, faucet, [
        createAssociatedTokenAccountIdempotentInstruction(faucet.publicKey, ata, account.publicKey, mint.publicKey),
        createMintToInstruction(mint.publicKey, ata, faucet.publicKey, DEV_TOKEN_AMOUNT),
      ]),
    );
    return ata;
  });
  return { devMint: new PublicKey(mint.publicKey), devTokenAccounts };
}

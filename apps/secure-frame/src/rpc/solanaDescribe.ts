import { formatUnits } from 'viem';
import type { ApprovalDetails } from './details.ts';
import type { DecodedSolanaTransaction } from './solanaTransaction.ts';

/** Lamports per SOL is 10^9: SOL has 9 decimals. */
const SOL_DECIMALS = 9;

/**
 * The approval of `solana_signTransaction` / `solana_signAndSendTransaction` in plain words:
 * a SOL transfer as the amount in SOL and the receiver; an SPL transfer as the token mint, the
 * amount in the token's units and the receiver (its wallet when known, else its token account);
 * anything else as the programs it calls and its instruction count, with a caution. `sends`
 * says whether the secure frame also sends it (the title says so: 'Send SOL' vs 'Sign a SOL
 * transfer', whose sending is the caller's). `ownerFromApp`: the receiver's wallet was read from
 * the page's RPC (the deployment has none for the network), said in a warning. Pure.
 */
export function describeSolanaTransaction(
  decoded: DecodedSolanaTransaction,
  sends: boolean,
  ownerFromApp = false,
): ApprovalDetails {
  if (decoded.kind === 'sol')
    return {
      title: sends ? 'Send SOL' : 'Sign a SOL transfer',
      fields: [
        { label: 'To', value: decoded.to },
        { label: 'Amount', value: `${formatUnits(decoded.lamports, SOL_DECIMALS)} SOL` },
      ],
    };
  if (decoded.kind === 'spl')
    return {
      title: sends ? 'Send tokens' : 'Sign a token transfer',
      fields: [
        decoded.owner
          ? { label: 'To', value: decoded.owner }
          : { label: 'To token account', value: decoded.destination },
        { label: 'Amount', value: formatUnits(decoded.amount, decoded.decimals) },
        { label: 'Token mint', value: decoded.mint },
        ...(decoded.createsAccount
          ? [{ label: 'Also', value: 'Creates the receiver’s token account (you pay its rent)' }]
          : []),
      ],
      ...(ownerFromApp
        ? {
            warning: `The receiver’s wallet was looked up by the app’s RPC, not verified. Check the token account ${decoded.destination} if you are unsure.`,
          }
        : {}),
    };
  return {
    title: sends ? 'Send a Solana transaction' : 'Sign a Solana transaction',
    fields: [
      { label: 'Programs', value: decoded.programIds.join(', ') || 'none' },
      { label: 'Instructions', value: String(decoded.instructionCount) },
    ],
    warning: decoded.unresolved
      ? 'Some accounts of this transaction are in lookup tables and cannot be shown. Approve only if you trust the site.'
      : 'This transaction is not a plain transfer. Approve only if you trust the site.',
  };
}

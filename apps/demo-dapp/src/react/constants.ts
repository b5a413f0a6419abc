import type { Address } from 'viem';

/** The fixed message of `Sign message` (personal_sign through wagmi, verified with viem `verifyMessage`). */
export const SIGN_MESSAGE = 'Sign in to the Airlock demo dapp (React + wagmi).\n\nThis signature costs nothing.';
/** Recipient of `Send 0.01 ETH`: anvil account 1. */
export const RECIPIENT: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

import { privateKeyToAccount } from 'viem/accounts';

/**
 * The dev Farcaster account of the local stack: a fixed fid whose custody key is public
 * (never use it anywhere else). The relay registers it on the local IdRegistry and its
 * app page signs with it.
 */

/** The dev fid. */
export const DEV_FID = 1001;

/** The dev username the app page reports. */
export const DEV_USERNAME = 'airlock-dev';

/** The dev display name. */
export const DEV_DISPLAY_NAME = 'Airlock Dev';

/** The dev custody private key (public: keccak256("airlock-dev-farcaster-custody")). */
export const DEV_CUSTODY_KEY = '0x27caa2917d49f9eb9a990142314c7dc21bae8d400f6b22ebfb426c562077b674' as const;

/** The dev custody account (viem local account). */
export const devCustody = () => privateKeyToAccount(DEV_CUSTODY_KEY);

/** The IdRegistry address on OP mainnet; the local registry is placed at the same address. */
export const ID_REGISTRY = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b' as const;

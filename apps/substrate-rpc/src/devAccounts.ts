import { Keyring } from '@polkadot/keyring';
import { cryptoWaitReady } from '@polkadot/util-crypto';

/** The dev accounts' names: Substrate's well-known `//Alice`, `//Bob`, … (sr25519), never real keys. */
export const DEV_ACCOUNT_NAMES = ['Alice', 'Bob', 'Charlie', 'Dave'] as const;

/** One planck-based amount: 1 UNIT = 10^12 planck. */
export const UNIT = 1_000_000_000_000n;

/** A seeded account of the stand-in. */
export type DevSubstrateAccount = {
  name: string;
  /** Generic Substrate address (SS58 42). */
  address: string;
  /** The 32-byte public key (account id), hex. */
  publicKey: `0x${string}`;
  /** Free balance, planck. */
  free: bigint;
  /** Reserved balance, planck. */
  reserved: bigint;
};

/**
 * The stand-in's seeded accounts: `//Alice`, `//Bob`, `//Charlie`, `//Dave` (sr25519, `@polkadot/keyring`),
 * each with 1,000 UNIT free, and 10 UNIT reserved for Alice (so a reserved balance shows somewhere).
 */
export async function devSubstrateAccounts(): Promise<DevSubstrateAccount[]> {
  await cryptoWaitReady();
  const keyring = new Keyring({ type: 'sr25519', ss58Format: 42 });
  return DEV_ACCOUNT_NAMES.map((name, i) => {
    const pair = keyring.addFromUri(`//${name}`);
    return {
      name,
      address: pair.address,
      publicKey: `0x${Buffer.from(pair.publicKey).toString('hex')}`,
      free: 1000n * UNIT,
      reserved: i === 0 ? 10n * UNIT : 0n,
    };
  });
}

/** The deterministic CREATE2 deployer anvil has from genesis. */
export declare const CREATE2_DEPLOYER: `0x${string}`;
/** Salt of EntryPoint v0.7's public deployment. */
export declare const ENTRY_POINT_07_SALT: `0x${string}`;
/** EntryPoint v0.7 at its public address. */
export declare const ENTRY_POINT_07_ADDRESS: `0x${string}`;
/** SimpleAccountFactory v0.7 at its public address. */
export declare const SIMPLE_ACCOUNT_FACTORY_07_ADDRESS: `0x${string}`;
/** Salt of EntryPoint v0.8's public deployment. */
export declare const ENTRY_POINT_08_SALT: `0x${string}`;
/** EntryPoint v0.8 at its public address. */
export declare const ENTRY_POINT_08_ADDRESS: `0x${string}`;
/** Simple7702Account (0.8) at its public address: the EIP-7702 delegation target. */
export declare const SIMPLE_7702_ACCOUNT_ADDRESS: `0x${string}`;
/** One artifact of @account-abstraction/contracts@0.8.0 (alias contracts-v08). */
export declare function aaArtifact08(name: 'EntryPoint' | 'Simple7702Account'): { abi: any[]; bytecode: `0x${string}` };
/** Anvil account 8, the ERC-4337 deployer of the dev chains. */
export declare const AA_DEPLOYER: `0x${string}`;
/** Anvil account 7's key: the dev bundler's executor. */
export declare const DEV_BUNDLER_EXECUTOR_KEY: `0x${string}`;
/** Anvil account 6's key: the dev bundler's utility account. */
export declare const DEV_BUNDLER_UTILITY_KEY: `0x${string}`;
/** Anvil account 5's key: the dev paymaster's signer. */
export declare const DEV_PAYMASTER_SIGNER_KEY: `0x${string}`;
/** Whole ETH of the dev paymaster's EntryPoint deposit. */
export declare const DEV_PAYMASTER_DEPOSIT: string;
/** The dev VerifyingPaymaster's address. */
export declare const DEV_PAYMASTER_ADDRESS: `0x${string}`;
/** One artifact of @account-abstraction/contracts@0.7.0; see scripts/aa.mjs. */
export declare function aaArtifact(
  name: 'EntryPoint' | 'SimpleAccountFactory' | 'SimpleAccount' | 'VerifyingPaymaster',
): { abi: any[]; bytecode: `0x${string}` };
/** The VerifyingPaymaster address for `signer` (CREATE2, salt 0). */
export declare function verifyingPaymasterAddress(signer: `0x${string}`): `0x${string}`;
/** Deploys a VerifyingPaymaster and tops up its deposit (idempotent); see scripts/aa.mjs. */
export declare function deployVerifyingPaymaster(
  url: string,
  options: { from: string; signer: `0x${string}`; deposit: string },
): Promise<`0x${string}`>;
/** Deploys EntryPoint v0.7, SimpleAccountFactory and the dev paymaster (idempotent); see scripts/aa.mjs. */
export declare function deployAccountAbstraction(
  url: string,
): Promise<{ entryPoint: string; factory: string; paymaster: string; entryPoint08: string; simple7702: string }>;

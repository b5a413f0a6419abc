/** The Safe singleton factory at its public address (the CREATE2 deployer's code). */
export declare const SAFE_SINGLETON_FACTORY: `0x${string}`;
/** Safe 1.4.1 and Safe4337Module 0.3.0 contracts: package path, deployer, constructor arguments, public address. */
export declare const SAFE_CONTRACTS: Record<
  'Safe' | 'SafeProxyFactory' | 'MultiSend' | 'MultiSendCallOnly' | 'SafeModuleSetup' | 'Safe4337Module',
  { path: string; from: string; args?: unknown[]; address: `0x${string}` }
>;
/** The creation code of one Safe contract. */
export declare function safeInitCode(name: keyof typeof SAFE_CONTRACTS): `0x${string}`;
/** Deploys the Safe contracts at their public addresses (idempotent); contract name → address. */
export declare function deploySafe(url: string, from: string): Promise<Record<string, string>>;

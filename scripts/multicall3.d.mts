export const MULTICALL3_ADDRESS: '0xcA11bde05977b3631167028862bE2a173976CA11';
export const MULTICALL3_RUNTIME: `0x${string}`;
export function installMulticall3(url: string): Promise<boolean>;

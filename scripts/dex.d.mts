/** Anvil's default account 9: deploys the dev exchange, provides its liquidity, funds the onramp sandbox. */
export declare const DEX_DEPLOYER: `0x${string}`;
/** Private key of {@link DEX_DEPLOYER} (anvil's public default mnemonic, dev chains only). */
export declare const DEX_DEPLOYER_KEY: `0x${string}`;
/** WETH9 on the dev chains. */
export declare const WETH_ADDRESS: `0x${string}`;
/** UniswapV2Factory on the dev chains. */
export declare const UNISWAP_FACTORY_ADDRESS: `0x${string}`;
/** UniswapV2Router02 on the dev chains. */
export declare const UNISWAP_ROUTER_ADDRESS: `0x${string}`;
/** The dev stable token `Sandbox Dollar` / `USDD` (18 decimals). */
export declare const USDD_ADDRESS: `0x${string}`;
/** Pair ETH (WETH)/DEV. */
export declare const PAIR_ETH_DEV_ADDRESS: `0x${string}`;
/** Pair DEV/USDD. */
export declare const PAIR_DEV_USDD_ADDRESS: `0x${string}`;
/** Pool ETH/DEV liquidity in whole tokens. */
export declare const POOL_ETH_DEV: { eth: string; dev: string };
/** Pool DEV/USDD liquidity in whole tokens. */
export declare const POOL_DEV_USDD: { dev: string; usdd: string };
/** Whole DEV and USDD the treasury keeps beyond the pools. */
export declare const TREASURY_RESERVE: string;
/** Deploys the dev exchange (idempotent); see scripts/dex.mjs. */
export declare function deployDevDex(
  url: string,
  dev: { devToken: string; devMinter: string },
): Promise<{ weth: string; factory: string; router: string; usdd: string }>;
/** The deployer's CREATE addresses for nonces 0–3. */
export declare function expectedDexAddresses(): {
  weth: `0x${string}`;
  factory: `0x${string}`;
  router: `0x${string}`;
  usdd: `0x${string}`;
};

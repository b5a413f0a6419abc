// The dev exchange on the anvil chains: Uniswap v2 (factory, WETH9, Router02) from the
// unmodified npm artifacts of @uniswap/v2-core@1.0.1 and @uniswap/v2-periphery@1.1.0-beta.0,
// a dev stable token (USDD, the OpenZeppelin 4.9.6 ERC20PresetMinterPauser like DEV) and two
// pools with liquidity (ETH/DEV and DEV/USDD). Called by deployDevAssets (scripts/api.mjs)
// after DEV and DNFT exist; the API tests call it on their own anvil.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { encodeDeployData, encodeFunctionData, getContractAddress, maxUint256, parseEther, parseUnits } from 'viem';
import { rpc as call } from './rpc.mjs';

const require = createRequire(import.meta.url);
const API_DIR = join(import.meta.dirname, '../apps/api');

/** Anvil's default account 9: deploys the exchange, provides the liquidity, and is the onramp sandbox's treasury. */
export const DEX_DEPLOYER = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';
/** Private key of {@link DEX_DEPLOYER} (anvil's public default mnemonic, dev chains only). */
export const DEX_DEPLOYER_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';

/** WETH9 (nonce 0 of {@link DEX_DEPLOYER}). */
export const WETH_ADDRESS = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35';
/** UniswapV2Factory (nonce 1; feeToSetter = the deployer, no protocol fee). */
export const UNISWAP_FACTORY_ADDRESS = '0xA15BB66138824a1c7167f5E85b957d04Dd34E468';
/** UniswapV2Router02 (nonce 2). */
export const UNISWAP_ROUTER_ADDRESS = '0xb19b36b1456E65E3A6D514D3F715f204BD59f431';
/** The dev stable token `Sandbox Dollar` / `USDD`, 18 decimals (the OpenZeppelin preset has no other), nonce 3. */
export const USDD_ADDRESS = '0x8ce361602B935680E8DeC218b820ff5056BeB7af';
/** Pair ETH (WETH)/DEV (CREATE2 of the factory), created by addLiquidityETH. */
export const PAIR_ETH_DEV_ADDRESS = '0x6e3f620c0D4933e7Edaf74c94bD58F382228aee8';
/** Pair DEV/USDD (CREATE2 of the factory), created by addLiquidity. */
export const PAIR_DEV_USDD_ADDRESS = '0x8ce361602B935680E8DeC218b820ff5056BeB7af';

/** Pool ETH/DEV: 100 ETH and 120 000 DEV (1 ETH = 1200 DEV, the dev price table's 3000 / 2.5 USD). */
export const POOL_ETH_DEV = { eth: '100', dev: '120000' };
/** Pool DEV/USDD: 100 000 DEV and 250 000 USDD (1 DEV = 2.5 USDD). */
export const POOL_DEV_USDD = { dev: '100000', usdd: '250000' };
/** Whole DEV and USDD the treasury keeps beyond the pools (the onramp sandbox pays out from it). */
export const TREASURY_RESERVE = '500000';

/**
 * @param {string} pkg
 * @param {string} name
 * @returns {{ abi: any[], bytecode: `0x${string}` }}
 */
function artifact(pkg, name) {
  const path = require.resolve(`${pkg}/${name}.json`, { paths: [API_DIR] });
  const json = JSON.parse(readFileSync(path, 'utf8'));
  const bytecode = String(json.bytecode ?? json.evm?.bytecode?.object);
  return {
    abi: json.abi,
    bytecode: /** @type {`0x${string}`} */ (bytecode.startsWith('0x') ? bytecode : `0x${bytecode}`),
  };
}

/** Artifacts: WETH9, factory and router from Uniswap's npm builds, ERC-20 preset from OpenZeppelin 4.9.6. */
export const DEX_ARTIFACTS = {
  weth: () => artifact('@uniswap/v2-periphery/build', 'WETH9'),
  factory: () => artifact('@uniswap/v2-core/build', 'UniswapV2Factory'),
  router: () => artifact('@uniswap/v2-periphery/build', 'UniswapV2Router02'),
  pair: () => artifact('@uniswap/v2-core/build', 'UniswapV2Pair'),
  erc20: () => artifact('@openzeppelin/contracts/build/contracts', 'ERC20PresetMinterPauser'),
};

/**
 * Sends a transaction from an unlocked anvil account and waits for its receipt (anvil automines).
 * @param {string} url
 * @param {{ from: string, to?: string, data: string, value?: string }} tx
 * @throws {Error} when it reverts or no receipt comes within ~5 s
 */
async function send(url, tx) {
  const hash = await call(url, 'eth_sendTransaction', [tx]);
  let receipt = null;
  for (let i = 0; i < 100 && !receipt; i++) {
    receipt = /** @type {any} */ (await call(url, 'eth_getTransactionReceipt', [hash]));
    if (!receipt) await new Promise((done) => setTimeout(done, 50));
  }
  if (receipt?.status !== '0x1')
    throw new Error(`[stack] dex transaction ${hash} failed: ${JSON.stringify(receipt)?.slice(0, 300)}`);
  return receipt;
}

/**
 * Deploys the dev exchange on the anvil at `url` (DEV must exist: `devToken` is its address, minted
 * by `devMinter`, anvil account 0). In this order, all from {@link DEX_DEPLOYER} except the DEV mint:
 * WETH9, factory, Router02, USDD, mint USDD, (account 0) mint DEV to the deployer, approve both,
 * addLiquidityETH (ETH/DEV), addLiquidity (DEV/USDD). The addresses are the exported constants.
 * Idempotent: does nothing when the router already has code.
 * @param {string} url anvil JSON-RPC URL
 * @param {{ devToken: string, devMinter: string }} dev
 * @returns {Promise<{ weth: string, factory: string, router: string, usdd: string }>}
 * @throws {Error} when a contract lands elsewhere than expected (the deployer was used before) or a step reverts
 */
export async function deployDevDex(url, { devToken, devMinter }) {
  const addresses = {
    weth: WETH_ADDRESS,
    factory: UNISWAP_FACTORY_ADDRESS,
    router: UNISWAP_ROUTER_ADDRESS,
    usdd: USDD_ADDRESS,
  };
  const code = await call(url, 'eth_getCode', [UNISWAP_ROUTER_ADDRESS, 'latest']);
  if (code && code !== '0x') return addresses;
  const from = DEX_DEPLOYER;
  const deploy = async (
    /** @type {{ abi: any[], bytecode: `0x${string}` }} */ a,
    /** @type {unknown[]} */ args,
    /** @type {string} */ expected,
  ) => {
    const receipt = await send(url, { from, data: encodeDeployData({ abi: a.abi, bytecode: a.bytecode, args }) });
    if (receipt.contractAddress?.toLowerCase() !== expected.toLowerCase()) {
      throw new Error(
        `[stack] dex contract landed at ${receipt.contractAddress}, expected ${expected}: ${from} was used before deployment`,
      );
    }
  };
  const weth = DEX_ARTIFACTS.weth();
  const factory = DEX_ARTIFACTS.factory();
  const router = DEX_ARTIFACTS.router();
  const erc20 = DEX_ARTIFACTS.erc20();
  await deploy(weth, [], WETH_ADDRESS);
  await deploy(factory, [from], UNISWAP_FACTORY_ADDRESS);
  await deploy(router, [UNISWAP_FACTORY_ADDRESS, WETH_ADDRESS], UNISWAP_ROUTER_ADDRESS);
  await deploy(erc20, ['Sandbox Dollar', 'USDD'], USDD_ADDRESS);
  const whole = (/** @type {string} */ n) => parseUnits(n, 18);
  const mint = (/** @type {string} */ minter, /** @type {string} */ token, /** @type {bigint} */ amount) =>
    send(url, {
      from: minter,
      to: token,
      data: encodeFunctionData({ abi: erc20.abi, functionName: 'mint', args: [from, amount] }),
    });
  await mint(from, USDD_ADDRESS, whole(POOL_DEV_USDD.usdd) + whole(TREASURY_RESERVE));
  await mint(devMinter, devToken, whole(POOL_ETH_DEV.dev) + whole(POOL_DEV_USDD.dev) + whole(TREASURY_RESERVE));
  for (const token of [devToken, USDD_ADDRESS]) {
    await send(url, {
      from,
      to: token,
      data: encodeFunctionData({ abi: erc20.abi, functionName: 'approve', args: [UNISWAP_ROUTER_ADDRESS, maxUint256] }),
    });
  }
  const deadline = 2n ** 40n;
  await send(url, {
    from,
    to: UNISWAP_ROUTER_ADDRESS,
    value: `0x${parseEther(POOL_ETH_DEV.eth).toString(16)}`,
    data: encodeFunctionData({
      abi: router.abi,
      functionName: 'addLiquidityETH',
      args: [devToken, whole(POOL_ETH_DEV.dev), 0n, 0n, from, deadline],
    }),
  });
  await send(url, {
    from,
    to: UNISWAP_ROUTER_ADDRESS,
    data: encodeFunctionData({
      abi: router.abi,
      functionName: 'addLiquidity',
      args: [devToken, USDD_ADDRESS, whole(POOL_DEV_USDD.dev), whole(POOL_DEV_USDD.usdd), 0n, 0n, from, deadline],
    }),
  });
  return addresses;
}

/** The addresses {@link deployDevDex} uses: `getContractAddress` of the deployer's nonces 0–3 (checked by a test). */
export function expectedDexAddresses() {
  const at = (/** @type {number} */ nonce) => getContractAddress({ from: DEX_DEPLOYER, nonce: BigInt(nonce) });
  return { weth: at(0), factory: at(1), router: at(2), usdd: at(3) };
}

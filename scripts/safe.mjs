// Safe smart accounts on the anvil chains: Safe 1.4.1 (singleton, proxy factory, MultiSend,
// MultiSendCallOnly) from the unmodified artifacts of @safe-global/safe-contracts@1.4.1, and the
// Safe4337Module with its SafeModuleSetup from @safe-global/safe-4337@0.3.0 (the module for
// EntryPoint v0.7, also the Safe's fallback handler, so the account answers ERC-1271
// isValidSignature). Each lands at the address of its public deployment, the one permissionless's
// `toSafeSmartAccount` defaults to: the Safe contracts through the Safe singleton factory (salt 0),
// the module and its setup through the deterministic CREATE2 deployer (salt 0). Anvil has no Safe
// singleton factory, whose public copies come from presigned per-chain transactions; its code is the
// CREATE2 deployer's own (the same proxy), so the dev chains get it with anvil_setCode.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { concat, encodeDeployData, getContractAddress, zeroHash } from 'viem';
import { rpc as call } from './rpc.mjs';

const require = createRequire(import.meta.url);
const API_DIR = join(import.meta.dirname, '../apps/api');

/** The deterministic CREATE2 deployer (the same as scripts/aa.mjs's; anvil has it from genesis). */
const CREATE2_DEPLOYER = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
/** EntryPoint v0.7 (the same as scripts/aa.mjs's), the module's constructor argument. */
const ENTRY_POINT_07_ADDRESS = '0x0000000071727De22E5E9d8BAf0edAc6f37da032';

/** The Safe singleton factory (same code as the CREATE2 deployer), at its public address. */
export const SAFE_SINGLETON_FACTORY = '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7';

/**
 * The Safe artifacts and where they land: package path, deployer, constructor arguments, public address.
 * @type {Record<string, { path: string, from: string, args?: unknown[], address: `0x${string}` }>}
 */
export const SAFE_CONTRACTS = {
  Safe: {
    path: '@safe-global/safe-contracts/build/artifacts/contracts/Safe.sol/Safe.json',
    from: SAFE_SINGLETON_FACTORY,
    address: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
  },
  SafeProxyFactory: {
    path: '@safe-global/safe-contracts/build/artifacts/contracts/proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
    from: SAFE_SINGLETON_FACTORY,
    address: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  },
  MultiSend: {
    path: '@safe-global/safe-contracts/build/artifacts/contracts/libraries/MultiSend.sol/MultiSend.json',
    from: SAFE_SINGLETON_FACTORY,
    address: '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526',
  },
  MultiSendCallOnly: {
    path: '@safe-global/safe-contracts/build/artifacts/contracts/libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json',
    from: SAFE_SINGLETON_FACTORY,
    address: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
  },
  SafeModuleSetup: {
    path: '@safe-global/safe-4337/build/artifacts/contracts/SafeModuleSetup.sol/SafeModuleSetup.json',
    from: CREATE2_DEPLOYER,
    address: '0x2dd68b007B46fBe91B9A7c3EDa5A7a1063cB5b47',
  },
  Safe4337Module: {
    path: '@safe-global/safe-4337/build/artifacts/contracts/Safe4337Module.sol/Safe4337Module.json',
    from: CREATE2_DEPLOYER,
    args: [ENTRY_POINT_07_ADDRESS],
    address: '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226',
  },
};

/**
 * The creation code of one Safe contract (artifact bytecode plus its constructor arguments).
 * @param {keyof typeof SAFE_CONTRACTS} name
 * @returns {`0x${string}`}
 */
export function safeInitCode(name) {
  const entry = SAFE_CONTRACTS[name];
  const json = JSON.parse(readFileSync(require.resolve(entry.path, { paths: [API_DIR] }), 'utf8'));
  return entry.args ? encodeDeployData({ abi: json.abi, bytecode: json.bytecode, args: entry.args }) : json.bytecode;
}

/**
 * Waits for a transaction's receipt (anvil automines) and checks it succeeded.
 * @param {string} url
 * @param {string} hash
 */
async function receipt(url, hash) {
  for (let i = 0; i < 100; i++) {
    const r = /** @type {any} */ (await call(url, 'eth_getTransactionReceipt', [hash]));
    if (r) {
      if (r.status !== '0x1') throw new Error(`[stack] Safe deployment ${hash} reverted`);
      return;
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`[stack] Safe deployment ${hash}: no receipt within 5 s`);
}

/**
 * Deploys the Safe 1.4.1 contracts and the Safe4337Module 0.3.0 on the anvil at `url`, each at its public
 * address (checked: a different artifact would land elsewhere and stop here). Idempotent. Needs EntryPoint
 * v0.7 (`deployAccountAbstraction` of scripts/aa.mjs) for the module to be usable.
 * @param {string} url anvil JSON-RPC URL
 * @param {string} from an unlocked account that pays the deployments
 * @returns {Promise<Record<string, string>>} contract name → address
 * @throws {Error} when a contract is not at its public address afterwards
 */
export async function deploySafe(url, from) {
  const factoryCode = /** @type {string} */ (await call(url, 'eth_getCode', [SAFE_SINGLETON_FACTORY, 'latest']));
  if (!factoryCode || factoryCode === '0x') {
    const proxy = await call(url, 'eth_getCode', [CREATE2_DEPLOYER, 'latest']);
    await call(url, 'anvil_setCode', [SAFE_SINGLETON_FACTORY, proxy]);
  }
  /** @type {Record<string, string>} */
  const out = {};
  for (const name of /** @type {(keyof typeof SAFE_CONTRACTS)[]} */ (Object.keys(SAFE_CONTRACTS))) {
    const entry = SAFE_CONTRACTS[name];
    const initCode = safeInitCode(name);
    const address = getContractAddress({ opcode: 'CREATE2', from: entry.from, salt: zeroHash, bytecode: initCode });
    if (address.toLowerCase() !== entry.address.toLowerCase())
      throw new Error(`[stack] ${name} would land at ${address}, not at its public address ${entry.address}`);
    const code = await call(url, 'eth_getCode', [address, 'latest']);
    if (!code || code === '0x') {
      const hash = /** @type {string} */ (
        await call(url, 'eth_sendTransaction', [
          { from, to: entry.from, data: concat([zeroHash, initCode]), gas: '0x1c9c380' },
        ])
      );
      await receipt(url, hash);
      const after = await call(url, 'eth_getCode', [address, 'latest']);
      if (!after || after === '0x') throw new Error(`[stack] ${name}: no code at ${address} after its deployment`);
    }
    out[name] = address;
  }
  return out;
}

// ERC-4337 on the anvil chains: EntryPoint v0.7, SimpleAccountFactory and VerifyingPaymaster from
// the unmodified artifacts that @account-abstraction/contracts@0.7.0 ships (built by the
// EntryPoint's authors), and for EIP-7702 EntryPoint v0.8 and Simple7702Account from the 0.8.0 package's
// (installed under the alias @account-abstraction/contracts-v08). EntryPoint and factory go through the deterministic CREATE2 deployer
// with the salts of their public deployments, so they land at the addresses they have on every
// public chain (and that viem and permissionless default to). The verifying paymaster is the
// operator's own: its address follows from its signer. Called by deployDevAssets
// (scripts/api.mjs); the API tests call deployAccountAbstraction on their own anvil.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { concat, encodeDeployData, encodeFunctionData, getContractAddress, parseEther, zeroHash } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { rpc as call } from './rpc.mjs';
import { deploySafe } from './safe.mjs';

const require = createRequire(import.meta.url);
const API_DIR = join(import.meta.dirname, '../apps/api');

/** The deterministic CREATE2 deployer (anvil has it from genesis; on public chains from its presigned transaction). */
export const CREATE2_DEPLOYER = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
/** Salt of EntryPoint v0.7's public deployment through {@link CREATE2_DEPLOYER}. */
export const ENTRY_POINT_07_SALT = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3';
/** EntryPoint v0.7, the same address as on public chains (viem's `entryPoint07Address`). */
export const ENTRY_POINT_07_ADDRESS = '0x0000000071727De22E5E9d8BAf0edAc6f37da032';
/** SimpleAccountFactory v0.7 (salt 0, constructor argument the EntryPoint), the address of its public deployment. */
export const SIMPLE_ACCOUNT_FACTORY_07_ADDRESS = '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985';

/** Salt of EntryPoint v0.8's public deployment through {@link CREATE2_DEPLOYER}. */
export const ENTRY_POINT_08_SALT = '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9';
/** EntryPoint v0.8, the same address as on public chains (viem's `entryPoint08Address`); serves EIP-7702 accounts. */
export const ENTRY_POINT_08_ADDRESS = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108';
/**
 * Simple7702Account (@account-abstraction/contracts 0.8, salt 0): the code an EOA delegates to with EIP-7702 to
 * become a smart account at its own address (viem's `toSimple7702SmartAccount` default implementation).
 */
export const SIMPLE_7702_ACCOUNT_ADDRESS = '0xe6Cae83BdE06E4c305530e199D7217f42808555B';

/** Anvil's default account 8: deploys the ERC-4337 contracts and funds the paymaster's deposit (dev chains only). */
export const AA_DEPLOYER = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f';
/**
 * Anvil's default account 7: the dev bundler's executor (Alto submits bundles from it).
 * Private key of anvil's public default mnemonic, dev chains only.
 */
export const DEV_BUNDLER_EXECUTOR_KEY = '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356';
/**
 * Anvil's default account 6: the dev bundler's utility account (Alto deploys its simulation
 * contracts and refills the executor from it). Dev chains only.
 */
export const DEV_BUNDLER_UTILITY_KEY = '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e';
/**
 * The dev paymaster's signer (anvil's default account 5; it needs no ETH). The provider API signs
 * sponsorships with it (AIRLOCK_PAYMASTER_SIGNER_KEY); an operator generates its own key and deploys
 * its own paymaster with {@link deployVerifyingPaymaster}.
 */
export const DEV_PAYMASTER_SIGNER_KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba';
/** ETH the deployer deposits in the EntryPoint for the dev paymaster (it pays sponsored gas from it). */
export const DEV_PAYMASTER_DEPOSIT = '100';

/**
 * One artifact that @account-abstraction/contracts@0.7.0 ships (abi and creation bytecode).
 * @param {'EntryPoint' | 'SimpleAccountFactory' | 'SimpleAccount' | 'VerifyingPaymaster'} name
 * @returns {{ abi: any[], bytecode: `0x${string}` }}
 */
export function aaArtifact(name) {
  const path = require.resolve(`@account-abstraction/contracts/artifacts/${name}.json`, { paths: [API_DIR] });
  const json = JSON.parse(readFileSync(path, 'utf8'));
  return { abi: json.abi, bytecode: json.bytecode };
}

/**
 * One artifact that @account-abstraction/contracts@0.8.0 ships (installed as `@account-abstraction/contracts-v08`).
 * @param {'EntryPoint' | 'Simple7702Account'} name
 * @returns {{ abi: any[], bytecode: `0x${string}` }}
 */
export function aaArtifact08(name) {
  const path = require.resolve(`@account-abstraction/contracts-v08/artifacts/${name}.json`, { paths: [API_DIR] });
  const json = JSON.parse(readFileSync(path, 'utf8'));
  return { abi: json.abi, bytecode: json.bytecode };
}

/**
 * The init code the CREATE2 deployer runs for VerifyingPaymaster(EntryPoint v0.7, `signer`).
 * @param {`0x${string}`} signer
 */
function paymasterInitCode(signer) {
  const a = aaArtifact('VerifyingPaymaster');
  return encodeDeployData({ abi: a.abi, bytecode: a.bytecode, args: [ENTRY_POINT_07_ADDRESS, signer] });
}

/**
 * Address of the VerifyingPaymaster whose signer is `signer` (CREATE2 through {@link CREATE2_DEPLOYER}, salt 0):
 * the same on every chain it is deployed to.
 * @param {`0x${string}`} signer
 * @returns {`0x${string}`}
 */
export function verifyingPaymasterAddress(signer) {
  return getContractAddress({
    opcode: 'CREATE2',
    from: CREATE2_DEPLOYER,
    salt: zeroHash,
    bytecode: paymasterInitCode(signer),
  });
}

/** The dev paymaster's address (signer {@link DEV_PAYMASTER_SIGNER_KEY}). */
export const DEV_PAYMASTER_ADDRESS = verifyingPaymasterAddress(privateKeyToAddress(DEV_PAYMASTER_SIGNER_KEY));

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
    throw new Error(`[stack] ERC-4337 transaction ${hash} failed: ${JSON.stringify(receipt)?.slice(0, 300)}`);
  return receipt;
}

/**
 * Runs `initCode` through {@link CREATE2_DEPLOYER} with `salt` unless `expected` has code.
 * @param {string} url
 * @param {string} from an unlocked account
 * @param {`0x${string}`} salt
 * @param {`0x${string}`} initCode
 * @param {string} expected the address it must land at
 * @throws {Error} when the code is not there afterwards
 */
async function create2(url, from, salt, initCode, expected) {
  const code = await call(url, 'eth_getCode', [expected, 'latest']);
  if (code && code !== '0x') return;
  await send(url, { from, to: CREATE2_DEPLOYER, data: concat([salt, initCode]) });
  const after = await call(url, 'eth_getCode', [expected, 'latest']);
  if (!after || after === '0x')
    throw new Error(`[stack] ERC-4337: no code at ${expected} after its CREATE2 deployment`);
}

/**
 * Deploys VerifyingPaymaster(EntryPoint v0.7, `signer`) and tops its EntryPoint deposit up to `deposit` ETH.
 * Idempotent. The EntryPoint must exist ({@link deployAccountAbstraction}).
 * @param {string} url anvil (or any node that signs for `from`) JSON-RPC URL
 * @param {{ from: string, signer: `0x${string}`, deposit: string }} options `deposit` in whole ETH
 * @returns {Promise<`0x${string}`>} the paymaster's address
 */
export async function deployVerifyingPaymaster(url, { from, signer, deposit }) {
  const address = verifyingPaymasterAddress(signer);
  await create2(url, from, zeroHash, paymasterInitCode(signer), address);
  const ep = aaArtifact('EntryPoint');
  const balance = BigInt(
    /** @type {string} */ (
      await call(url, 'eth_call', [
        {
          to: ENTRY_POINT_07_ADDRESS,
          data: encodeFunctionData({ abi: ep.abi, functionName: 'balanceOf', args: [address] }),
        },
        'latest',
      ])
    ),
  );
  const target = parseEther(deposit);
  if (balance < target) {
    await send(url, {
      from,
      to: ENTRY_POINT_07_ADDRESS,
      value: `0x${(target - balance).toString(16)}`,
      data: encodeFunctionData({ abi: ep.abi, functionName: 'depositTo', args: [address] }),
    });
  }
  return address;
}

/**
 * Deploys ERC-4337 on the anvil at `url`: EntryPoint v0.7 and SimpleAccountFactory, EntryPoint v0.8 and
 * Simple7702Account, Safe 1.4.1 with its Safe4337Module 0.3.0 (scripts/safe.mjs), all at their public addresses, and the dev VerifyingPaymaster (v0.7) with a deposit of
 * {@link DEV_PAYMASTER_DEPOSIT} ETH, all from {@link AA_DEPLOYER}. Idempotent.
 * @param {string} url anvil JSON-RPC URL
 * @returns {Promise<{ entryPoint: string, factory: string, paymaster: string, entryPoint08: string, simple7702: string }>}
 * @throws {Error} when a contract is missing after its deployment (e.g. anvil started without the CREATE2 deployer)
 */
export async function deployAccountAbstraction(url) {
  const ep = aaArtifact('EntryPoint');
  await create2(url, AA_DEPLOYER, ENTRY_POINT_07_SALT, ep.bytecode, ENTRY_POINT_07_ADDRESS);
  const factory = aaArtifact('SimpleAccountFactory');
  await create2(
    url,
    AA_DEPLOYER,
    zeroHash,
    encodeDeployData({ abi: factory.abi, bytecode: factory.bytecode, args: [ENTRY_POINT_07_ADDRESS] }),
    SIMPLE_ACCOUNT_FACTORY_07_ADDRESS,
  );
  // EIP-7702 mode: EntryPoint v0.8 and the Simple7702Account an EOA delegates to (0.8 has no paymaster sample).
  await create2(url, AA_DEPLOYER, ENTRY_POINT_08_SALT, aaArtifact08('EntryPoint').bytecode, ENTRY_POINT_08_ADDRESS);
  await create2(url, AA_DEPLOYER, zeroHash, aaArtifact08('Simple7702Account').bytecode, SIMPLE_7702_ACCOUNT_ADDRESS);
  // The embedded wallet's smart account: Safe 1.4.1 with its 4337 module (ERC-1271 signatures), scripts/safe.mjs.
  await deploySafe(url, AA_DEPLOYER);
  const paymaster = await deployVerifyingPaymaster(url, {
    from: AA_DEPLOYER,
    signer: privateKeyToAddress(DEV_PAYMASTER_SIGNER_KEY),
    deposit: DEV_PAYMASTER_DEPOSIT,
  });
  return {
    entryPoint: ENTRY_POINT_07_ADDRESS,
    factory: SIMPLE_ACCOUNT_FACTORY_07_ADDRESS,
    paymaster,
    entryPoint08: ENTRY_POINT_08_ADDRESS,
    simple7702: SIMPLE_7702_ACCOUNT_ADDRESS,
  };
}

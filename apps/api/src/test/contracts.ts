import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Abi, Hex } from 'viem';
import type { Anvil } from '@airlock/testing';

/**
 * Test helper: deploys OpenZeppelin 4.9.6 preset contracts (ERC20PresetMinterPauser,
 * ERC721PresetMinterPauserAutoId) from their build artifacts. The deployer
 * (dev account 0) holds the minter role.
 */

const require = createRequire(import.meta.url);

function artifact(name: string): { abi: Abi; bytecode: Hex } {
  const path = require.resolve(`@openzeppelin/contracts/build/contracts/${name}.json`);
  const json = JSON.parse(readFileSync(path, 'utf8')) as { abi: Abi; bytecode: Hex };
  return { abi: json.abi, bytecode: json.bytecode };
}

/** ABI + bytecode of ERC20PresetMinterPauser(name, symbol): 18 decimals, `mint(to, amount)`. */
export const ERC20 = artifact('ERC20PresetMinterPauser');
/** ABI + bytecode of ERC721PresetMinterPauserAutoId(name, symbol, baseURI): `mint(to)` with ids from 0. */
export const ERC721 = artifact('ERC721PresetMinterPauserAutoId');

/** Deploys a contract from dev account 0 and returns its address once mined. */
export async function deploy(
  anvil: Anvil,
  contract: { abi: Abi; bytecode: Hex },
  args: unknown[],
): Promise<`0x${string}`> {
  const wallet = anvil.wallet(0);
  const hash = await wallet.deployContract({ abi: contract.abi, bytecode: contract.bytecode, args });
  const receipt = await wallet.waitForTransactionReceipt({ hash });
  return receipt.contractAddress!;
}

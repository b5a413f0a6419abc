import solc from 'solc';
import type { Abi, Hex } from 'viem';

/**
 * Test helper: a minimal ERC-1271 contract account, compiled with solc-js at
 * test time. `isValidSignature(hash, signature)` answers the magic value
 * 0x1626ba7e when `signature` is the owner's ECDSA signature of `hash`.
 */
const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract OwnedAccount {
  address public immutable owner;
  constructor(address o) { owner = o; }
  function isValidSignature(bytes32 hash, bytes calldata sig) external view returns (bytes4) {
    if (sig.length != 65) return 0xffffffff;
    bytes32 r = bytes32(sig[0:32]);
    bytes32 s = bytes32(sig[32:64]);
    uint8 v = uint8(sig[64]);
    return ecrecover(hash, v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
  }
}`;

/** Compiles the ERC-1271 account. @returns its ABI and creation bytecode (constructor takes the owner). @throws on compile errors. */
export function compileErc1271Account(): { abi: Abi; bytecode: Hex } {
  const input = {
    language: 'Solidity',
    sources: { 'OwnedAccount.sol': { content: SOURCE } },
    settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['OwnedAccount.sol']!.OwnedAccount!;
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

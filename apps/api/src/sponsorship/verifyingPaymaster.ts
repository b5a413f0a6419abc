import {
  concat,
  decodeFunctionData,
  encodeAbiParameters,
  keccak256,
  parseAbi,
  parseAbiParameters,
  toHex,
  type Address,
  type Hex,
  type LocalAccount,
} from 'viem';
import { toPackedUserOperation, type UserOperation } from 'viem/account-abstraction';

/**
 * The VerifyingPaymaster of @account-abstraction/contracts 0.7 (`samples/VerifyingPaymaster.sol`), off-chain
 * half: the hash its `getHash(userOp, validUntil, validAfter)` computes, and the `paymasterData` it expects
 * after its address in `paymasterAndData`: `abi.encode(uint48 validUntil, uint48 validAfter)` (64 bytes)
 * then the signer's 65-byte signature of that hash as an EIP-191 personal message.
 */

/** Gas the paymaster's `validatePaymasterUserOp` may use (a signature check; measured ~40k). */
export const PAYMASTER_VERIFICATION_GAS = 100_000n;
/** Its post-op gas: it returns no context, so the EntryPoint never calls `postOp`. */
export const PAYMASTER_POST_OP_GAS = 0n;

/**
 * A well-formed placeholder signature (65 bytes, a valid `s` and `v`), for gas estimation: ECDSA recovery
 * neither reverts nor costs less than with a real signature, and recovers an address that is not the signer.
 */
export const STUB_SIGNATURE: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c';

/** A user operation as the paymaster signs it: every field but the paymaster's own data. */
export type SponsoredUserOperation = Pick<
  UserOperation<'0.7'>,
  | 'sender'
  | 'nonce'
  | 'factory'
  | 'factoryData'
  | 'callData'
  | 'callGasLimit'
  | 'verificationGasLimit'
  | 'preVerificationGas'
  | 'maxFeePerGas'
  | 'maxPriorityFeePerGas'
  | 'paymasterVerificationGasLimit'
  | 'paymasterPostOpGasLimit'
>;

/**
 * The hash VerifyingPaymaster 0.7 signs over (its `getHash`): sender, nonce, keccak of initCode and callData,
 * accountGasLimits, the paymaster's two gas limits, preVerificationGas, gasFees, chain id, paymaster address,
 * validUntil, validAfter.
 * @param op the operation with its final gas fields (`paymasterVerificationGasLimit` / `paymasterPostOpGasLimit` included)
 * @param paymaster the paymaster contract
 * @param chainId the chain's id
 * @param validUntil / validAfter seconds since the epoch (uint48; validUntil 0 = no expiry)
 */
export function verifyingPaymasterHash(
  op: SponsoredUserOperation,
  paymaster: Address,
  chainId: number,
  validUntil: number,
  validAfter: number,
): Hex {
  const packed = toPackedUserOperation({
    ...op,
    signature: '0x',
    paymaster,
    paymasterData: '0x',
    paymasterVerificationGasLimit: op.paymasterVerificationGasLimit ?? 0n,
    paymasterPostOpGasLimit: op.paymasterPostOpGasLimit ?? 0n,
  } as UserOperation<'0.7'>);
  const paymasterGasLimits = BigInt(`0x${packed.paymasterAndData.slice(42, 106)}`);
  return keccak256(
    encodeAbiParameters(
      parseAbiParameters(
        'address, uint256, bytes32, bytes32, bytes32, uint256, uint256, bytes32, uint256, address, uint48, uint48',
      ),
      [
        packed.sender,
        packed.nonce,
        keccak256(packed.initCode),
        keccak256(packed.callData),
        packed.accountGasLimits,
        paymasterGasLimits,
        packed.preVerificationGas,
        packed.gasFees,
        BigInt(chainId),
        paymaster,
        validUntil,
        validAfter,
      ],
    ),
  );
}

/**
 * `paymasterData` for VerifyingPaymaster 0.7: the validity window and the signer's signature.
 * @param signature 65 bytes, or {@link STUB_SIGNATURE} for a stub
 */
export function encodePaymasterData(validUntil: number, validAfter: number, signature: Hex): Hex {
  return concat([encodeAbiParameters(parseAbiParameters('uint48, uint48'), [validUntil, validAfter]), signature]);
}

/**
 * Signs `op` for `paymaster` with `signer` (the key the paymaster was deployed with).
 * @returns the `paymasterData` to put after the paymaster's address
 */
export async function signPaymasterData(
  signer: LocalAccount,
  op: SponsoredUserOperation,
  paymaster: Address,
  chainId: number,
  validUntil: number,
  validAfter: number,
): Promise<Hex> {
  const hash = verifyingPaymasterHash(op, paymaster, chainId, validUntil, validAfter);
  const signature = await signer.signMessage({ message: { raw: hash } });
  return encodePaymasterData(validUntil, validAfter, signature);
}

/** The call encodings of SimpleAccount 0.7 (@account-abstraction/contracts `samples/SimpleAccount.sol`). */
const simpleAccountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
]);

/**
 * The contracts a user operation's `callData` calls, when it is SimpleAccount's `execute` or `executeBatch`.
 * @returns lower-case addresses, or null when the call data is something else (an unknown account or function)
 */
export function callTargets(callData: Hex): Address[] | null {
  try {
    const call = decodeFunctionData({ abi: simpleAccountAbi, data: callData });
    const targets = call.functionName === 'execute' ? [call.args[0]] : [...call.args[0]];
    return targets.map((t) => t.toLowerCase() as Address);
  } catch {
    return null;
  }
}

/** The most gas `op` may use, which a sponsorship pays for at most: every gas limit it carries, in gas units. */
export function maxGas(op: SponsoredUserOperation): bigint {
  return (
    op.callGasLimit +
    op.verificationGasLimit +
    op.preVerificationGas +
    (op.paymasterVerificationGasLimit ?? 0n) +
    (op.paymasterPostOpGasLimit ?? 0n)
  );
}

/** A uint as the JSON-RPC hex quantity. */
export const quantity = (value: bigint): Hex => toHex(value);

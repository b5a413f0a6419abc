/**
 * The host's compact copies of the method-policy table (`RPC_METHOD_POLICY` in
 * `@airlock/protocol/rpcMethods`): the table itself would cost the host script too many
 * bytes, so the host keeps two regular expressions, and `methodPolicy.test.ts` pins both
 * to the table (every method, and unknown ones).
 */

/**
 * Methods that wait for a person (account access, signing, sending, `wallet_*`): the
 * policy's `waitsForPerson`. These calls get no host-side timeout; everything else gets
 * `Timeout.read` (10 000 ms, spec §9).
 */
export const waitsForPerson = (method: string): boolean => /^wallet_|sign|send[TU]|requestA/.test(method);

/**
 * The methods the host forwards to a page wallet (EIP-6963) when the frame asks: the
 * policy's `hostForward`. Anything else is refused with 4200 without reaching the wallet.
 */
export const forwardsToWallet = (method: string): boolean =>
  /^(eth_((requestA|a)ccounts|chainId|signTypedData_v4|sendTransaction)|personal_sign|wallet_((switch|add)EthereumChain|revokePermissions|getCapabilities|sendCalls|(get|show)CallsStatus))$/.test(
    method,
  );

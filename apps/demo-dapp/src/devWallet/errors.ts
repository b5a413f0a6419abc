/**
 * Errors of the Dev Wallet provider: plain `Error`s with a numeric EIP-1193 /
 * EIP-1474 `code`, as a browser extension throws them (EIP-1193 ProviderRpcError).
 */
export class DevWalletRpcError extends Error {
  override name = 'DevWalletRpcError';
  /** EIP-1193 / EIP-1474 error code, e.g. 4001 (user rejected), 4902 (unrecognized chain). */
  readonly code: number;
  /** Optional extra data (EIP-1193 `data`). */
  readonly data?: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    if (data !== undefined) this.data = data;
  }
}

/** EIP-1193 4001: the person pressed Reject. Message 'User rejected the request.' */
export const userRejected = (): DevWalletRpcError => new DevWalletRpcError(4001, 'User rejected the request.');

/** EIP-1193 4100: an account-bound call before the person approved the connection, or for another address. */
export const unauthorized = (
  detail = 'The requested account has not been authorized by the user.',
): DevWalletRpcError => new DevWalletRpcError(4100, detail);

/** EIP-1193 4200: the Dev Wallet does not support `method`. */
export const unsupportedMethod = (method: string): DevWalletRpcError =>
  new DevWalletRpcError(4200, `The Dev Wallet does not support the method "${method}".`);

/** EIP-3326 / spec §8 4902: the chain is not known; add it with wallet_addEthereumChain first. */
export const unrecognizedChain = (chainId: string): DevWalletRpcError =>
  new DevWalletRpcError(
    4902,
    `Unrecognized chain ID "${chainId}". Try adding the chain using wallet_addEthereumChain first.`,
  );

/** EIP-1474 -32602: malformed params. */
export const invalidParams = (message: string): DevWalletRpcError => new DevWalletRpcError(-32602, message);

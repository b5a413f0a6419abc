/**
 * Error codes and user-facing messages shared by host and frame.
 *
 * This module imports nothing (no zod), so the host SDK can use it without
 * growing past its 5 KB budget.
 *
 * Sources: EIP-1193 (provider errors), EIP-1474 (JSON-RPC errors),
 * spec §8 (error catalogue).
 */

/** EIP-1193 provider error codes and EIP-1474 JSON-RPC error codes. */
export const ErrorCode = {
  /** EIP-1193: the user rejected the request. */
  UserRejected: 4001,
  /** EIP-1193: the requested account or method has not been authorised (not connected). */
  Unauthorized: 4100,
  /** EIP-1193: the provider does not support the requested method. */
  UnsupportedMethod: 4200,
  /** EIP-1193: the provider is disconnected from all chains. */
  Disconnected: 4900,
  /** EIP-1193: the provider is not connected to the requested chain. */
  ChainDisconnected: 4901,
  /** EIP-3085 / spec §8: the chain has not been added to the wallet. */
  UnrecognizedChain: 4902,
  /** EIP-1474: invalid JSON. */
  ParseError: -32700,
  /** EIP-1474: the request is not a valid request object. */
  InvalidRequest: -32600,
  /** EIP-1474: the method does not exist. */
  MethodNotFound: -32601,
  /** EIP-1474: invalid method parameters. */
  InvalidParams: -32602,
  /** EIP-1474: internal JSON-RPC error. */
  InternalError: -32603,
  /** EIP-1474: invalid input. */
  InvalidInput: -32000,
  /** EIP-1474: the resource was not found. */
  ResourceNotFound: -32001,
  /** EIP-1474: the resource is unavailable. */
  ResourceUnavailable: -32002,
  /** EIP-1474: the transaction was rejected. */
  TransactionRejected: -32003,
  /** EIP-1474: the method is not supported. */
  MethodNotSupported: -32004,
  /** EIP-1474: the request exceeds a defined limit. */
  LimitExceeded: -32005,
  /** EIP-1474: the JSON-RPC version is not supported. */
  VersionNotSupported: -32006,
  /**
   * Spec §8 'Codes' (5000 default): the code of a wallet error that carries none. The host's page-wallet
   * bridges answer it for a page wallet's throw without a code (`walletBridge.ts`, `pageWallets.ts`
   * `guarded`; written there as the literal 5000, since the host scripts bundle no code table).
   */
  Default: 5000,
} as const;

/**
 * EIP-5792 (`wallet_sendCalls`) error codes, the spec §8 '5700 to 5760'. A separate object so a bundle
 * that needs only {@link ErrorCode} does not carry them.
 */
export const Eip5792ErrorCode = {
  /** The request names a capability the wallet does not support and does not mark it optional. */
  UnsupportedNonOptionalCapability: 5700,
  /** The batch's `chainId` is not one the wallet runs it on. */
  UnsupportedChainId: 5710,
  /** A batch with this `id` was already sent. */
  DuplicateId: 5720,
  /** `wallet_getCallsStatus` for a batch id the wallet does not know. */
  UnknownBundleId: 5730,
  /** The batch holds more calls than the wallet runs at once. */
  BundleTooLarge: 5740,
  /** The visitor refused to upgrade the account so that it can run batches atomically. */
  AtomicReadyWalletRejectedUpgrade: 5750,
  /** `atomicRequired` but the wallet cannot run the batch atomically. */
  AtomicityNotSupported: 5760,
} as const;

/** One of the numeric codes in {@link ErrorCode}. */
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** User-facing messages, verbatim from spec §8 and §5. */
export const Message = {
  ConnectionRejected: 'Connection rejected',
  FailedToConnect: 'Failed to connect',
  ModalClosed: 'Modal closed',
  NotConnected: 'Not connected',
  MethodNotAllowed: 'Requested RPC call is not allowed',
  /** Spec §8: the console's words for a refused method (the visitor sees {@link Message.MethodNotAllowed}). */
  ActionNotAllowed: 'Action not allowed',
  /** Spec §8: an error from the secure frame that carries no message. */
  ErrorOccurred: 'An error occurred',
  ChainNotSupported: 'Chain is not supported',
  SomethingWentWrong: 'Something went wrong',
  RequestTimedOut: 'Request timed out',
  InvalidCaipNetworkId: 'Invalid CAIP-2 network id',
  InvalidCaipAddress: 'Invalid CAIP-10 address',
  InvalidCaipAddressShort: 'Invalid CAIP Address',
  InvalidAddress: 'Invalid address',
} as const;

/**
 * Alerts shown by the frame, spec §8: `key` is the alert's identity, which the frame's translator
 * looks up (`<key>.short`, `<key>.long`); `short` and `long` are its English texts, the fallback.
 */
export const Alert = {
  InvalidAppConfiguration: {
    key: 'alert.InvalidAppConfiguration',
    short: 'Invalid App Configuration',
    long: 'Origin not on allowlist. Add this origin to the project\u2019s allowed origins.',
  },
  ProjectIdNotConfigured: {
    key: 'alert.ProjectIdNotConfigured',
    short: 'Project ID Not Configured',
    long: 'Pass a projectId to createWidget().',
  },
  NetworkNotFound: {
    key: 'alert.NetworkNotFound',
    short: 'Network Not Found',
    long: 'The network must be in the networks array passed to createWidget().',
  },
  /** Spec §6: a multi-wallet action (get, switch, delete connections) while the `multiWallet` feature is off; an info alert. */
  MultiWalletNotEnabled: {
    key: 'alert.MultiWalletNotEnabled',
    short: 'Multi-Wallet Not Enabled',
    long: 'Managing several wallets needs the multiWallet feature of this project.',
  },
} as const;

/** {@link Timeout}`.handshake` on its own, so a bundle that needs only it inlines the number (the host's budget). */
export const HANDSHAKE_TIMEOUT_MS = 20_000;
/** {@link Timeout}`.read` on its own, so a bundle that needs only it inlines the number (the host's budget). */
export const READ_TIMEOUT_MS = 10_000;

/** Timeouts in ms (spec §9). The page-wallet methods the host forwards are `hostForward` in `rpcMethods.ts`. */
export const Timeout = {
  /** penpal handshake between host and frame (spec §9: iframe load timeout 20 s). */
  handshake: HANDSHAKE_TIMEOUT_MS,
  /** Calls that do not wait for a person: reads, state (spec §9: default RPC timeout 10 s). */
  read: READ_TIMEOUT_MS,
  /** Calls that wait for a person in a wallet: approve, sign (spec §9: 120 s request limit). */
  person: 120_000,
} as const;

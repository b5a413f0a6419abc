/**
 * JSON-RPC error codes this server answers with: the JSON-RPC 2.0 ones and the Solana
 * server-side ones (`-32002` … `-32016`, as Agave's RPC uses them).
 */
export const RPC_ERROR = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** `sendTransaction`: the preflight simulation failed; `data` is the simulation result. */
  sendTransactionPreflightFailure: -32002,
  /** `sendTransaction`: a signature does not verify. */
  transactionSignatureVerificationFailure: -32003,
  /** `getBlockTime`: no block at that slot. */
  blockNotAvailable: -32004,
  /** `getTransaction`: a version 0 transaction without `maxSupportedTransactionVersion: 0`. */
  unsupportedTransactionVersion: -32015,
  /** `minContextSlot` is ahead of the chain. */
  minContextSlotNotReached: -32016,
} as const;

/** A JSON-RPC error a method handler throws; the dispatcher turns it into the response's `error`. */
export class RpcError extends Error {
  /** @param code one of {@link RPC_ERROR} @param data optional `error.data` */
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** A `-32602` error: `Invalid params: <detail>`. */
export const invalidParams = (detail: string): RpcError =>
  new RpcError(RPC_ERROR.invalidParams, `Invalid params: ${detail}`);

/**
 * A transaction error in the RPC's JSON shape (serde of Solana's `TransactionError`):
 * a bare variant name (`"InsufficientFundsForFee"`) or a one-key object
 * (`{ "InstructionError": [0, { "Custom": 1 }] }`).
 */
export type TransactionErrorJson = string | Record<string, unknown>;

/** Fieldless `TransactionError` variants, in litesvm's numbering. */
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
];

/** Fieldless `InstructionError` variants, in litesvm's numbering. */
const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
];

const nameAt = (names: string[], index: number): string => names[index] ?? `Unknown(${index})`;

type NativeError =
  | number
  | { index?: number; accountIndex?: number; err?: () => unknown; constructor: { name: string } };

const instructionErrorJson = (inner: unknown): unknown => {
  if (typeof inner === 'number') return nameAt(INSTRUCTION_ERRORS, inner);
  const value = inner as { code?: number; msg?: string };
  if (typeof value.code === 'number') return { Custom: value.code };
  if (typeof value.msg === 'string') return { BorshIoError: value.msg };
  return 'GenericError';
};

/** Converts litesvm's `FailedTransactionMetadata.err()` to the RPC's JSON shape. */
export function transactionErrorJson(native: unknown): TransactionErrorJson {
  const err = native as NativeError;
  if (typeof err === 'number') return nameAt(TRANSACTION_ERRORS, err);
  if (typeof err.err === 'function' && typeof err.index === 'number')
    return { InstructionError: [err.index, instructionErrorJson(err.err())] };
  if (typeof err.index === 'number') return { DuplicateInstruction: err.index };
  if (typeof err.accountIndex === 'number') {
    const name = err.constructor.name.includes('Rent')
      ? 'InsufficientFundsForRent'
      : 'ProgramExecutionTemporarilyRestricted';
    return { [name]: { account_index: err.accountIndex } };
  }
  return 'SanitizeFailure';
}

/** Display texts of the common errors (as Agave prints them); others print as spaced words. */
const MESSAGES: Record<string, string> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  InsufficientFunds: 'insufficient funds for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  InvalidAccountData: 'invalid account data for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
};

const words = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

const innerMessage = (inner: unknown): string => {
  if (typeof inner === 'string') return MESSAGES[inner] ?? words(inner);
  const value = inner as { Custom?: number; BorshIoError?: string };
  if (typeof value.Custom === 'number') return `custom program error: 0x${value.Custom.toString(16)}`;
  return `Failed to serialize or deserialize account data: ${value.BorshIoError ?? ''}`;
};

/** A readable sentence for a transaction error, e.g. `Error processing Instruction 0: custom program error: 0x1`. */
export function transactionErrorMessage(err: TransactionErrorJson): string {
  if (typeof err === 'string') return MESSAGES[err] ?? words(err);
  const [name, value] = Object.entries(err)[0] ?? ['Unknown', null];
  if (name === 'InstructionError' && Array.isArray(value))
    return `Error processing Instruction ${value[0]}: ${innerMessage(value[1])}`;
  if (name === 'InsufficientFundsForRent') {
    return `Transaction results in an account (${(value as { account_index: number }).account_index}) with insufficient funds for rent`;
  }
  return `${words(name)}: ${JSON.stringify(value)}`;
}

import { ErrorCode, HexSchema, err, ok, type Result } from '@airlock/protocol';
import {
  createWalletClient,
  defineChain,
  formatEther,
  hexToBigInt,
  hexToNumber,
  hexToString,
  http,
  isHex,
  type Hex,
  type TypedDataDefinition,
} from 'viem';
import type { HDAccount } from 'viem/accounts';
import { z } from 'zod/mini';
import { findAccount } from './accounts.ts';
import { chainIdOf, findNetwork, type DevWalletConfig, type DevWalletNetwork } from './config.ts';

/**
 * Session requests (EIP-1193 methods arriving over WalletConnect `wc_sessionRequest`): which ones
 * the Dev Wallet implements, a readable summary for the `Request` dialog, and how each is executed
 * with the local anvil accounts. Errors are EIP-1193 / EIP-1474 codes from `@airlock/protocol`.
 */

/** Methods the wallet executes; every other method is answered with 4200 without asking. */
export const IMPLEMENTED_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
] as const;

/** One of {@link IMPLEMENTED_METHODS}. */
export type ImplementedMethod = (typeof IMPLEMENTED_METHODS)[number];

/** True when the wallet executes `method` itself (see {@link IMPLEMENTED_METHODS}). */
export function isImplementedMethod(method: string): method is ImplementedMethod {
  return (IMPLEMENTED_METHODS as readonly string[]).includes(method);
}

/** The EIP-1193 error a dapp gets when the user presses `Reject`: `{ code: 4001, message: 'User rejected the request.' }`. */
export const USER_REJECTED_REQUEST = { code: ErrorCode.UserRejected, message: 'User rejected the request.' } as const;

/** The 4200 error for a method the wallet does not implement. */
export function unsupportedMethodError(method: string) {
  return { code: ErrorCode.UnsupportedMethod, message: `The Dev Wallet does not support ${method}.` };
}

/** One labelled line of a request summary, e.g. `{ label: 'Value', value: '0.01 ETH' }`. */
export type SummaryRow = { label: string; value: string };

/** What the `Request` dialog shows: a title and labelled rows. */
export type RequestSummary = { title: string; rows: SummaryRow[] };

/** Everything needed to execute a request. */
export type RequestContext = {
  /** The wallet's configuration (networks and their rpcUrl). */
  config: DevWalletConfig;
  /** The local accounts that may sign. */
  accounts: readonly HDAccount[];
  /**
   * Switches the session to a configured network (EIP-3326); resolves once the dapp was told
   * (`chainChanged`). Supplied by `wallet.ts`.
   */
  switchChain: (caipNetworkId: string) => Promise<void>;
};

/** A request as WalletConnect delivers it: method, params, and the CAIP-2 chain it targets. */
export type RequestInput = { method: string; params: unknown; caipNetworkId: string };

/** A 0x-hex string typed as viem's `Hex`. */
const HexValue = z.pipe(
  HexSchema,
  z.transform((value) => value as Hex),
);

const TransactionSchema = z.object({
  from: z.string(),
  to: z.nullable(z.optional(HexValue)),
  value: z.optional(HexValue),
  data: z.optional(HexValue),
  input: z.optional(HexValue),
  gas: z.optional(HexValue),
  nonce: z.optional(HexValue),
  gasPrice: z.optional(HexValue),
  maxFeePerGas: z.optional(HexValue),
  maxPriorityFeePerGas: z.optional(HexValue),
});

const SwitchChainSchema = z.tuple([z.object({ chainId: HexValue })], z.unknown());

const invalidParams = (message: string) => err<never>(ErrorCode.InvalidParams, message);

/** `personal_sign` params are `[message, address]`; some dapps send `[address, message]`. */
function personalSignParts(
  params: unknown,
  accounts: readonly HDAccount[],
): { message: string; address: unknown } | undefined {
  if (!Array.isArray(params) || typeof params[0] !== 'string') return undefined;
  const [first, second] = params as [string, unknown];
  if (findAccount(accounts, first) && !findAccount(accounts, second))
    return { message: String(second ?? ''), address: first };
  return { message: first, address: second };
}

/** A `personal_sign` message as text when it is UTF-8 hex, else as given. */
function readableMessage(message: string): string {
  if (!isHex(message)) return message;
  try {
    const text = hexToString(message);
    return /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]*$/u.test(text) ? text : message;
  } catch {
    return message;
  }
}

function parseTypedData(params: unknown): { address: unknown; typedData: Record<string, unknown> } | undefined {
  if (!Array.isArray(params)) return undefined;
  const [address, raw] = params as [unknown, unknown];
  try {
    const typedData = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    if (!typedData || typeof typedData !== 'object') return undefined;
    return { address, typedData: typedData as Record<string, unknown> };
  } catch {
    return undefined;
  }
}

const shortJson = (value: unknown, max = 400): string => {
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2) ?? '';
  return text.length > max ? `${text.slice(0, max)}…` : text;
};

const networkLabel = (config: DevWalletConfig, caipNetworkId: string): string =>
  findNetwork(config, caipNetworkId)?.name
    ? `${findNetwork(config, caipNetworkId)!.name} (${caipNetworkId})`
    : caipNetworkId;

/**
 * A readable summary of a request for the `Request` dialog: the message text for `personal_sign`,
 * domain / primary type / message for `eth_signTypedData_v4`, from / to / value (ETH, 18 decimals) /
 * data size for `eth_sendTransaction`, the target network for `wallet_switchEthereumChain`.
 * Never throws; malformed params are shown as JSON.
 */
export function summariseRequest(
  request: RequestInput,
  config: DevWalletConfig,
  accounts: readonly HDAccount[],
): RequestSummary {
  const network: SummaryRow = { label: 'Network', value: networkLabel(config, request.caipNetworkId) };
  switch (request.method) {
    case 'personal_sign': {
      const parts = personalSignParts(request.params, accounts);
      if (!parts) break;
      return {
        title: 'Sign message',
        rows: [
          { label: 'Account', value: String(parts.address) },
          network,
          { label: 'Message', value: readableMessage(parts.message) },
        ],
      };
    }
    case 'eth_signTypedData_v4': {
      const parsed = parseTypedData(request.params);
      if (!parsed) break;
      const domain = (parsed.typedData.domain ?? {}) as Record<string, unknown>;
      return {
        title: 'Sign typed data',
        rows: [
          { label: 'Account', value: String(parsed.address) },
          network,
          { label: 'Domain', value: [domain.name, domain.version].filter(Boolean).join(' v') || '(none)' },
          ...(domain.verifyingContract ? [{ label: 'Contract', value: String(domain.verifyingContract) }] : []),
          { label: 'Primary type', value: String(parsed.typedData.primaryType ?? '') },
          { label: 'Message', value: shortJson(parsed.typedData.message) },
        ],
      };
    }
    case 'eth_sendTransaction': {
      const tx = TransactionSchema.safeParse(Array.isArray(request.params) ? request.params[0] : undefined);
      if (!tx.success) break;
      const data = tx.data.data ?? tx.data.input;
      const symbol = 'ETH';
      return {
        title: 'Send transaction',
        rows: [
          { label: 'From', value: tx.data.from },
          { label: 'To', value: tx.data.to ?? '(contract creation)' },
          network,
          { label: 'Value', value: `${formatEther(tx.data.value ? hexToBigInt(tx.data.value) : 0n)} ${symbol}` },
          ...(data && data !== '0x'
            ? [{ label: 'Data', value: `${(data.length - 2) / 2} bytes (${data.slice(0, 10)}…)` }]
            : []),
        ],
      };
    }
    case 'wallet_switchEthereumChain': {
      const parsed = SwitchChainSchema.safeParse(request.params);
      if (!parsed.success) break;
      const target = `eip155:${hexToNumber(parsed.data[0].chainId)}`;
      return {
        title: 'Switch network',
        rows: [
          { label: 'From', value: network.value },
          { label: 'To', value: networkLabel(config, target) },
        ],
      };
    }
  }
  return { title: request.method, rows: [network, { label: 'Params', value: shortJson(request.params) }] };
}

/** A viem chain for a configured network (native currency ETH, 18 decimals). */
export function toViemChain(network: DevWalletNetwork) {
  return defineChain({
    id: chainIdOf(network.caipNetworkId),
    name: network.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [network.rpcUrl] } },
  });
}

const unknownAccount = (address: unknown) =>
  err<never>(ErrorCode.Unauthorized, `The Dev Wallet has no account ${String(address)}.`);

const optionalBigInt = (value: Hex | undefined): bigint | undefined => (value ? hexToBigInt(value) : undefined);

async function sendTransaction(request: RequestInput, context: RequestContext): Promise<Result<unknown>> {
  const parsed = TransactionSchema.safeParse(Array.isArray(request.params) ? request.params[0] : undefined);
  if (!parsed.success)
    return invalidParams('eth_sendTransaction expects [{ from, to?, value?, data?, … }] with 0x-hex quantities.');
  const tx = parsed.data;
  const account = findAccount(context.accounts, tx.from);
  if (!account) return unknownAccount(tx.from);
  const network = findNetwork(context.config, request.caipNetworkId);
  if (!network)
    return err(ErrorCode.ChainDisconnected, `The Dev Wallet is not configured for ${request.caipNetworkId}.`);
  const chain = toViemChain(network);
  const client = createWalletClient({ account, chain, transport: http(network.rpcUrl) });
  const fees =
    tx.maxFeePerGas || tx.maxPriorityFeePerGas
      ? { maxFeePerGas: optionalBigInt(tx.maxFeePerGas), maxPriorityFeePerGas: optionalBigInt(tx.maxPriorityFeePerGas) }
      : tx.gasPrice
        ? { gasPrice: optionalBigInt(tx.gasPrice) }
        : {};
  const hash = await client.sendTransaction({
    to: tx.to ?? null,
    value: optionalBigInt(tx.value),
    data: tx.data ?? tx.input,
    gas: optionalBigInt(tx.gas),
    nonce: tx.nonce ? hexToNumber(tx.nonce) : undefined,
    ...fees,
  } as Parameters<typeof client.sendTransaction>[0]);
  return ok(hash);
}

/**
 * Executes an approved request with the local accounts.
 *
 * - `personal_sign` `[message (0x-hex or text), address]` → EIP-191 signature (0x, 65 bytes).
 * - `eth_signTypedData_v4` `[address, typedData (JSON string or object)]` → EIP-712 signature.
 * - `eth_sendTransaction` `[{ from, to, value (wei, hex), data, … }]` → transaction hash; a viem wallet
 *   client over http to the request's network fills nonce, gas and fees (EIP-1559).
 * - `wallet_switchEthereumChain` `[{ chainId (hex) }]` → `null` after `chainChanged` (EIP-3326).
 *
 * @returns `{ ok: true, value }` with the JSON-RPC result, or `{ ok: false, error }` with
 *   4100 (unknown account), 4200 (method not implemented), 4901 (request's network not configured),
 *   4902 (switch to a network not configured), -32602 (malformed params) or -32603 (the chain refused, message kept).
 */
export async function executeRequest(request: RequestInput, context: RequestContext): Promise<Result<unknown>> {
  try {
    switch (request.method) {
      case 'personal_sign': {
        const parts = personalSignParts(request.params, context.accounts);
        if (!parts) return invalidParams('personal_sign expects [message, address].');
        const account = findAccount(context.accounts, parts.address);
        if (!account) return unknownAccount(parts.address);
        const message = isHex(parts.message) ? { raw: parts.message } : parts.message;
        return ok(await account.signMessage({ message: message as string | { raw: Hex } }));
      }
      case 'eth_signTypedData_v4': {
        const parsed = parseTypedData(request.params);
        if (!parsed) return invalidParams('eth_signTypedData_v4 expects [address, typedData].');
        const account = findAccount(context.accounts, parsed.address);
        if (!account) return unknownAccount(parsed.address);
        return ok(await account.signTypedData(parsed.typedData as unknown as TypedDataDefinition));
      }
      case 'eth_sendTransaction':
        return await sendTransaction(request, context);
      case 'wallet_switchEthereumChain': {
        const parsed = SwitchChainSchema.safeParse(request.params);
        if (!parsed.success) return invalidParams('wallet_switchEthereumChain expects [{ chainId }].');
        const target = `eip155:${hexToNumber(parsed.data[0].chainId)}`;
        if (!findNetwork(context.config, target)) {
          return err(
            ErrorCode.UnrecognizedChain,
            `Unrecognized chain ID "${parsed.data[0].chainId}". The Dev Wallet knows ${context.config.networks.map((n) => n.caipNetworkId).join(', ')}.`,
          );
        }
        await context.switchChain(target);
        return ok(null);
      }
      default:
        return { ok: false, error: unsupportedMethodError(request.method) };
    }
  } catch (error) {
    const message =
      error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error);
    return err(ErrorCode.InternalError, message);
  }
}

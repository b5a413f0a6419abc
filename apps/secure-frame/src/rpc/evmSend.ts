import {
  BaseError,
  createPublicClient,
  defineChain,
  erc20Abi,
  http,
  isAddress,
  isHex,
  type Hex,
  type PublicClient,
} from 'viem';
import type { HDAccount } from 'viem/accounts';
import { ErrorCode } from '@airlock/protocol';
import { apiFailure } from '../api/client.ts';
import { describeCost } from './cost.ts';
import { describeTransaction } from './describe.ts';
import type { ApprovalDetails, TokenInfo } from './details.ts';
import { decideFees, maxCostWithin, type FeeQuote } from './fees.ts';
import { chooseNativeCurrency, currencyNotice, type NativeCurrency } from './nativeCurrency.ts';
import type { NativePriceReader } from './nativePrice.ts';
import { APP_RPC_NOTICE, chooseRpc } from './trustedRpc.ts';

/** What `eth_sendTransaction` needs from the handler. */
export type EvmSendDeps = {
  account: HDAccount;
  /** The request's network (CAIP-2 `eip155:<id>`) and the JSON-RPC URL the page gave for it. */
  caipNetworkId: string;
  pageRpcUrl: string;
  /** The deployment's own JSON-RPC URLs by CAIP-2 id (config/deployment.ts `rpcUrls`). */
  trustedRpcUrls: Readonly<Record<string, string>>;
  /** The deployment's native currencies by CAIP-2 id (config/deployment.ts `nativeCurrencies`). */
  trustedNativeCurrencies: Readonly<Record<string, NativeCurrency>>;
  /** The page's symbol and decimals for the network's coin (used, and said so, only when the deployment has none). */
  pageNativeCurrency?: NativeCurrency;
  /** The US-dollar price of the deployment's currency (never throws; none: no dollar amounts). */
  priceOf?: NativePriceReader;
  /** ms each JSON-RPC call may take. */
  timeoutMs: number;
  /** Shows the approval. @throws 4001 when the person rejects */
  approve: (details: ApprovalDetails) => Promise<void>;
};

const invalid = (message: string) => apiFailure(ErrorCode.InvalidParams, message);

/** A quantity param (hex or decimal string, or number) as bigint, undefined when absent. @throws -32602 */
function quantity(value: unknown, name: string): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  try {
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') {
      const parsed = BigInt(value);
      if (parsed >= 0n) return parsed;
    }
  } catch {
    // refused below
  }
  throw invalid(`Invalid ${name}`);
}

/** An ERC-20's symbol and decimals as `client` reads them, undefined when it does not answer. */
export async function tokenInfo(client: PublicClient, address: Hex): Promise<TokenInfo> {
  try {
    const [symbol, decimals] = await Promise.all([
      client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
      client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
    ]);
    return { symbol, decimals };
  } catch {
    return undefined;
  }
}

/** A short reason from a viem error. */
const reason = (error: unknown) =>
  error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error);

/**
 * `eth_sendTransaction` of the embedded wallet: fills the transaction first (nonce, gas, fees,
 * chainId) from the deployment's JSON-RPC for the network (the page's when the deployment has
 * none, said on the screen and bounded by the fee policy of rpc/fees.ts), shows it with its
 * maximum cost in the network's coin (from the deployment's `nativeCurrencies`, else the page's
 * with a notice, else wei; never assumed ETH) and in US dollars where the API prices the
 * deployment's coin, and signs and sends exactly what was shown. Returns the transaction hash.
 * @throws -32602 for bad params, an absurd fee or one the balance cannot pay; 4001 when rejected;
 * 4901 when the RPC is on another chain; -32603 with the node's reason when it cannot be filled or sent.
 */
export async function sendEvmTransaction(params: unknown[], deps: EvmSendDeps): Promise<Hex> {
  const { account } = deps;
  const tx = (params[0] ?? {}) as { from?: unknown; to?: unknown; value?: unknown; data?: unknown; gas?: unknown };
  const from = tx.from ?? account.address;
  if (typeof from !== 'string' || from.toLowerCase() !== account.address.toLowerCase())
    throw invalid('Unknown account');
  if (tx.to !== undefined && tx.to !== null && (typeof tx.to !== 'string' || !isAddress(tx.to)))
    throw invalid('Invalid recipient');
  const to = (tx.to ?? undefined) as Hex | undefined;
  if (tx.data !== undefined && tx.data !== null && !isHex(tx.data)) throw invalid('Invalid data');
  const data = (tx.data ?? undefined) as Hex | undefined;
  const value = quantity(tx.value, 'value') ?? 0n;
  const givenGas = quantity(tx.gas, 'gas');

  const chainId = Number(deps.caipNetworkId.split(':')[1]);
  const rpc = chooseRpc(deps.trustedRpcUrls, deps.caipNetworkId, deps.pageRpcUrl);
  const native = chooseNativeCurrency(deps.trustedNativeCurrencies, deps.caipNetworkId, deps.pageNativeCurrency);
  // Priced only when the deployment names the coin: a page-given symbol could borrow another coin's price.
  // Started now, awaited before the screen; the reader never throws and has its own timeout.
  const pricing =
    native.source === 'trusted' && deps.priceOf
      ? deps.priceOf(deps.caipNetworkId, { symbol: native.symbol, decimals: native.decimals })
      : Promise.resolve(undefined);
  const chain = defineChain({
    id: chainId,
    name: deps.caipNetworkId,
    nativeCurrency: { name: native.symbol, symbol: native.symbol, decimals: native.decimals },
    rpcUrls: { default: { http: [rpc.url] } },
  });
  const client = createPublicClient({ chain, transport: http(rpc.url, { timeout: deps.timeoutMs, retryCount: 0 }) });
  const network = <T>(promise: Promise<T>, what: string) =>
    promise.catch((error: unknown) => {
      throw apiFailure(ErrorCode.InternalError, `${what}: ${reason(error)}`);
    });

  if ((await network(client.getChainId(), 'The network did not answer')) !== chainId)
    throw apiFailure(ErrorCode.ChainDisconnected, 'The network does not match the request');
  const [block, nonce, balance, gas, token] = await Promise.all([
    network(client.getBlock({ blockTag: 'latest' }), 'The network did not answer'),
    network(client.getTransactionCount({ address: account.address, blockTag: 'pending' }), 'No nonce'),
    network(client.getBalance({ address: account.address }), 'No balance'),
    givenGas ??
      network(client.estimateGas({ account: account.address, to, value, data }), 'The transaction would fail'),
    data && to && data.length >= 10 ? tokenInfo(client, to) : Promise.resolve(undefined),
  ]);
  const quote: FeeQuote =
    block.baseFeePerGas != null
      ? {
          baseFeePerGas: block.baseFeePerGas,
          maxPriorityFeePerGas: await network(client.estimateMaxPriorityFeePerGas(), 'No fee'),
        }
      : { gasPrice: await network(client.getGasPrice(), 'No fee') };
  const { fees, clamped } = decideFees(quote, rpc.source);
  const cost = maxCostWithin({ gas, fees, value }, balance, native);

  const described = describeTransaction({ to, value: `0x${value.toString(16)}`, data }, native, token);
  const notice =
    rpc.source === 'app'
      ? `${APP_RPC_NOTICE}${token ? ' (and the token’s name and decimals)' : ''}${clamped ? '; its tip was lowered to a safe bound' : ''}.`
      : undefined;
  const usdPerCoin = await pricing;
  await deps.approve({
    ...described,
    cost: describeCost(cost, native, { notice, currencyNotice: currencyNotice(native), usdPerCoin }),
  });

  // Exactly what was shown: nothing below is read again.
  const serializedTransaction = await account.signTransaction({ chainId, nonce, gas, to, value, data, ...fees });
  return network(client.sendRawTransaction({ serializedTransaction }), 'The network refused the transaction');
}

import type { CaipAddress, CaipNetworkId } from '@airlock/protocol';

/**
 * The swap backend behind `/v1/convert/*` (spec §7). The dev stack runs
 * `createUniswapV2Aggregator` against the Uniswap v2 contracts it deploys on
 * anvil; a production deployment plugs a real aggregator in behind the same
 * interface. Tokens are CAIP-10 ids (`eip155:1:0x…`); the native currency is
 * {@link NATIVE_TOKEN_ADDRESS}. Amounts are decimal strings in the token's
 * smallest unit (wei for ETH). Methods throw `ApiError` (400) with a message
 * for the caller, e.g. {@link ConvertMessage}.
 */
export type Aggregator = {
  /** Name shown in logs, e.g. `uniswap-v2`. */
  label: string;
  /** The CAIP-2 networks this aggregator swaps on (spec §9: swap-supported networks). */
  networks: () => CaipNetworkId[];
  /** Tradable tokens of one network, native first. */
  tokens: (caipNetworkId: CaipNetworkId) => Promise<SwapToken[]>;
  /** Best quote for selling `amount` of `from` for `to` (same network). */
  quote: (request: QuoteRequest) => Promise<SwapQuote>;
  /** ERC-20 allowance `owner` gave the aggregator's spender for `token` (native: unlimited). */
  allowance: (request: { token: CaipAddress; owner: `0x${string}` }) => Promise<bigint>;
  /** The ERC-20 approve transaction for the aggregator's spender (`amount` default unlimited). */
  buildApprove: (request: { token: CaipAddress; owner: `0x${string}`; amount?: bigint }) => Promise<BuiltTransaction>;
  /**
   * The swap transaction selling exactly `amount` with at least `quote × (1 − slippage %)` out,
   * and never less than `amountOutMin` when given (the minimum the caller showed its user):
   * the larger of the two is the router's `amountOutMin`. A fresh quote already below
   * `amountOutMin` throws `ApiError(400, ConvertMessage.PriceMoved)` instead of building a
   * swap that would revert.
   */
  buildTransaction: (
    request: QuoteRequest & {
      userAddress: `0x${string}`;
      slippagePercent: number;
      estimateGas: boolean;
      amountOutMin?: bigint | undefined;
    },
  ) => Promise<BuiltSwap>;
};

/** The placeholder address wallets use for a chain's native currency (`0xeeee…eeee`). */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

/** Messages of the convert calls (spec §8 for the first). */
export const ConvertMessage = {
  /** 400, the network has no swap backend (spec §8 text). */
  SwapsUnsupported: 'Network not supported for Swaps',
  /** 400, a token outside `tokens()` of its network. */
  TokenUnsupported: 'Token not supported for Swaps',
  /** 400, `from` and `to` on different networks. */
  CrossChain: 'from and to must be on the same network',
  /** 400, `from` equals `to`. */
  SameToken: 'from and to must be different tokens',
  /** 400, no pool path between the two tokens, or the pools cannot fill the amount. */
  NoRoute: 'Insufficient liquidity for this swap',
  /** 400, approve asked for the native currency. */
  NativeApprove: 'The native currency needs no approval',
  /** 400, the swap transaction would revert when simulated from the user (balance or allowance too low). */
  SimulationFailed: 'The swap would fail: check the balance and the allowance',
  /** 400, the pools now give less than the `amountOutMin` the caller sent: it must quote again and ask its user. */
  PriceMoved: 'The price moved: the swap would pay less than the minimum shown',
} as const;

/** A tradable token (the `/v1/convert/tokens` item): CAIP-10 `address`, `decimals`, `logoUri`, and whether it supports EIP-2612 permits. */
export type SwapToken = {
  name: string;
  symbol: string;
  address: CaipAddress;
  decimals: number;
  logoUri: string;
  eip2612: boolean;
};

/** A quote request: sell `amount` (smallest units) of `from` for `to`, both CAIP-10 on one network. */
export type QuoteRequest = { from: CaipAddress; to: CaipAddress; amount: bigint };

/**
 * A quote: `toAmount` the output for exactly `fromAmount` (smallest units),
 * `priceImpact` in percent (output lost to the trade's size against the pools'
 * mid price, fees excluded), `fee` the liquidity providers' fee in `from`
 * units and percent, `route` the CAIP-10 tokens traded through.
 */
export type SwapQuote = {
  fromAmount: bigint;
  toAmount: bigint;
  priceImpact: number;
  fee: { amount: bigint; percent: number };
  route: CaipAddress[];
};

/** An unsigned transaction: `to` the contract, `data` calldata, `value` wei, `gas` when estimated. */
export type BuiltTransaction = {
  from: `0x${string}`;
  to: `0x${string}`;
  data: `0x${string}`;
  value: bigint;
  gas?: bigint;
};

/** A swap transaction with the quote it was built from, the minimum output and the deadline (s since the epoch). */
export type BuiltSwap = BuiltTransaction & { quote: SwapQuote; toAmountMin: bigint; deadline: bigint };

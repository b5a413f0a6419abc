import { encodeFunctionData, erc20Abi, getAddress, maxUint256, parseAbi, type PublicClient } from 'viem';
import { z } from 'zod/mini';
import { formatCaipAddress, parseCaipAddress, type CaipAddress, type CaipNetworkId } from '@airlock/protocol';
import type { Chain } from '../chains.ts';
import { ApiError } from '../http/errors.ts';
import {
  ConvertMessage,
  NATIVE_TOKEN_ADDRESS,
  type Aggregator,
  type BuiltSwap,
  type QuoteRequest,
  type SwapQuote,
  type SwapToken,
} from './aggregator.ts';

/**
 * One Uniswap v2 deployment the aggregator trades on: `caipNetworkId`,
 * `router` (UniswapV2Router02; the factory and WETH are read from it) and
 * the ERC-20 `tokens` offered (the native currency is always offered).
 */
export const UniswapV2DeploymentSchema = z.object({
  caipNetworkId: z.string().check(z.regex(/^eip155:\d{1,32}$/, { error: 'Only eip155 chains are supported' })),
  router: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, { error: 'Invalid address' })),
  tokens: z._default(
    z.array(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, { error: 'Invalid address' }))).check(z.maxLength(200)),
    [],
  ),
});

/** A Uniswap v2 deployment (input shape). */
export type UniswapV2Deployment = z.input<typeof UniswapV2DeploymentSchema>;

/** The Router02 and pair calls used here (signatures from @uniswap/v2-periphery 1.1.0-beta.0 and v2-core 1.0.1). */
const routerAbi = parseAbi([
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
]);
const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)']);
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
]);
const permitAbi = parseAbi(['function DOMAIN_SEPARATOR() view returns (bytes32)']);

/** Uniswap v2's liquidity-provider fee per hop: 0.3 % (the pair keeps 3 of every 1000 units in). */
const FEE_KEPT_PER_HOP = 0.997;
/** Seconds a built swap stays valid after the latest block (the router's `deadline`). */
export const SWAP_DEADLINE_SECONDS = 1200n;
/**
 * Gas added to a built swap's estimate per pool it goes through. A pair last updated in the
 * same second as the estimate skips writing its two cumulative prices, which the mined swap may
 * then write: at most two storage slots from zero (2 × 22,100 gas), plus the arithmetic, plus
 * 1/63 more because the pair runs in a call that gets only 63/64 of the gas left (EIP-150).
 * Measured on a fresh dev pool: 117,863 gas estimated in the second of its liquidity, 163,187 in
 * a later second, 45,324 more; a swap sent with 45,000 over the first estimate ran out of gas.
 * 50,000 is that worst case and about a tenth more.
 */
export const SWAP_GAS_MARGIN_PER_HOP = 50_000n;

type Resolved = {
  client: PublicClient;
  router: `0x${string}`;
  factory: `0x${string}`;
  weth: `0x${string}`;
  tokens: SwapToken[];
};

/**
 * The {@link Aggregator} over Uniswap v2 Router02 deployments: tokens are the
 * configured list (metadata read once from the chain), quotes come from the
 * router's `getAmountsOut` over the direct pool or a path through one
 * intermediate token (the best output wins), price impact from the pools'
 * reserves at the same block, swaps are `swapExact*` calls with a deadline.
 * @throws Error (at creation) when a deployment names a chain not in `chains`.
 */
export function createUniswapV2Aggregator(
  chains: Map<string, Chain>,
  deployments: readonly UniswapV2Deployment[],
): Aggregator {
  const configs = new Map<string, z.infer<typeof UniswapV2DeploymentSchema>>();
  for (const input of deployments) {
    const config = UniswapV2DeploymentSchema.parse(input);
    if (!chains.has(config.caipNetworkId))
      throw new Error(`Uniswap v2 deployment on ${config.caipNetworkId}: chain not configured`);
    configs.set(config.caipNetworkId, config);
  }
  const resolved = new Map<string, Promise<Resolved>>();

  const resolve = (caipNetworkId: string): Promise<Resolved> => {
    const config = configs.get(caipNetworkId);
    if (!config) return Promise.reject(new ApiError(400, ConvertMessage.SwapsUnsupported));
    let pending = resolved.get(caipNetworkId);
    if (!pending) {
      pending = readDeployment(chains.get(caipNetworkId)!, config);
      resolved.set(caipNetworkId, pending);
      pending.catch(() => resolved.delete(caipNetworkId));
    }
    return pending;
  };

  /** The network and deployment of a token pair, and each token's router address (native → WETH). */
  const pairOf = async (from: CaipAddress, to: CaipAddress) => {
    const a = parseCaipAddress(from);
    const b = parseCaipAddress(to);
    const network = `${a.chainNamespace}:${a.chainId}` as CaipNetworkId;
    if (`${b.chainNamespace}:${b.chainId}` !== network) throw new ApiError(400, ConvertMessage.CrossChain);
    const deployment = await resolve(network);
    const tokenOf = (address: string) => {
      const lower = address.toLowerCase();
      const token = deployment.tokens.find((t) => parseCaipAddress(t.address).address.toLowerCase() === lower);
      if (!token) throw new ApiError(400, ConvertMessage.TokenUnsupported);
      return lower === NATIVE_TOKEN_ADDRESS ? deployment.weth : (getAddress(lower) as `0x${string}`);
    };
    const fromToken = tokenOf(a.address);
    const toToken = tokenOf(b.address);
    if (a.address.toLowerCase() === b.address.toLowerCase()) throw new ApiError(400, ConvertMessage.SameToken);
    return {
      network,
      deployment,
      fromToken,
      toToken,
      fromNative: a.address.toLowerCase() === NATIVE_TOKEN_ADDRESS,
      toNative: b.address.toLowerCase() === NATIVE_TOKEN_ADDRESS,
    };
  };

  const quote = async (request: QuoteRequest): Promise<SwapQuote & { path: `0x${string}`[]; blockNumber: bigint }> => {
    const { network, deployment, fromToken, toToken } = await pairOf(request.from, request.to);
    if (request.amount <= 0n) throw new ApiError(400, 'amount: Must be greater than 0');
    const { client, router, factory, weth } = deployment;
    // Every read of one quote at one block; cacheTime 0, as viem otherwise reuses a block number for its polling interval (4 s).
    const blockNumber = await client.getBlockNumber({ cacheTime: 0 });
    const middles = [
      weth,
      ...deployment.tokens.map((t) => getAddress(parseCaipAddress(t.address).address) as `0x${string}`),
    ].filter(
      (m, i, all) =>
        m.toLowerCase() !== NATIVE_TOKEN_ADDRESS && m !== fromToken && m !== toToken && all.indexOf(m) === i,
    );
    const paths: `0x${string}`[][] = [[fromToken, toToken], ...middles.map((m) => [fromToken, m, toToken])];
    const outs = await Promise.all(
      paths.map((path) =>
        client
          .readContract({
            address: router,
            abi: routerAbi,
            functionName: 'getAmountsOut',
            args: [request.amount, path],
            blockNumber,
          })
          .then((amounts) => amounts[amounts.length - 1]!)
          .catch(() => 0n),
      ),
    );
    let best = -1;
    outs.forEach((out, i) => {
      if (out > 0n && (best < 0 || out > outs[best]!)) best = i;
    });
    if (best < 0) throw new ApiError(400, ConvertMessage.NoRoute);
    const path = paths[best]!;
    const toAmount = outs[best]!;
    // Mid price along the path from the reserves at the same block: out_mid = amount × Π(reserveOut / reserveIn).
    let midNumerator = request.amount;
    let midDenominator = 1n;
    for (let i = 0; i + 1 < path.length; i++) {
      const pair = await client.readContract({
        address: factory,
        abi: factoryAbi,
        functionName: 'getPair',
        args: [path[i]!, path[i + 1]!],
        blockNumber,
      });
      const [[r0, r1], token0] = await Promise.all([
        client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves', blockNumber }),
        client.readContract({ address: pair, abi: pairAbi, functionName: 'token0', blockNumber }),
      ]);
      const [reserveIn, reserveOut] = token0.toLowerCase() === path[i]!.toLowerCase() ? [r0, r1] : [r1, r0];
      midNumerator *= reserveOut;
      midDenominator *= reserveIn;
    }
    const hops = path.length - 1;
    const kept = FEE_KEPT_PER_HOP ** hops;
    const midOut = Number(midNumerator / midDenominator);
    const priceImpact = midOut > 0 ? Math.max(0, (1 - Number(toAmount) / (midOut * kept)) * 100) : 0;
    const feeBps = BigInt(Math.round((1 - kept) * 1_000_000));
    return {
      fromAmount: request.amount,
      toAmount,
      priceImpact: Number(priceImpact.toFixed(4)),
      fee: { amount: (request.amount * feeBps) / 1_000_000n, percent: Number(((1 - kept) * 100).toFixed(4)) },
      route: path.map((p, i) =>
        i === 0 ? request.from : i === path.length - 1 ? request.to : formatCaipAddress(network, p),
      ),
      path,
      blockNumber,
    };
  };

  return {
    label: 'uniswap-v2',
    networks: () => [...configs.keys()] as CaipNetworkId[],
    tokens: async (caipNetworkId) => (await resolve(caipNetworkId)).tokens,
    quote: async (request) => {
      const { path: _path, blockNumber: _block, ...result } = await quote(request);
      return result;
    },
    allowance: async ({ token, owner }) => {
      const { address, chainNamespace, chainId } = parseCaipAddress(token);
      const deployment = await resolve(`${chainNamespace}:${chainId}`);
      if (address.toLowerCase() === NATIVE_TOKEN_ADDRESS) return maxUint256;
      if (!deployment.tokens.some((t) => t.address.toLowerCase() === token.toLowerCase()))
        throw new ApiError(400, ConvertMessage.TokenUnsupported);
      return deployment.client.readContract({
        address: getAddress(address),
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, deployment.router],
      });
    },
    buildApprove: async ({ token, owner, amount }) => {
      const { address, chainNamespace, chainId } = parseCaipAddress(token);
      const deployment = await resolve(`${chainNamespace}:${chainId}`);
      if (address.toLowerCase() === NATIVE_TOKEN_ADDRESS) throw new ApiError(400, ConvertMessage.NativeApprove);
      if (!deployment.tokens.some((t) => t.address.toLowerCase() === token.toLowerCase()))
        throw new ApiError(400, ConvertMessage.TokenUnsupported);
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [deployment.router, amount ?? maxUint256],
      });
      const to = getAddress(address);
      const gas = await deployment.client.estimateGas({ account: owner, to, data }).catch(() => undefined);
      return { from: owner, to, data, value: 0n, gas };
    },
    buildTransaction: async (request): Promise<BuiltSwap> => {
      const q = await quote(request);
      const { deployment, fromNative, toNative } = await pairOf(request.from, request.to);
      const bps = BigInt(Math.round(request.slippagePercent * 100));
      // The caller's minimum (what its user saw) only ever tightens the bound, never loosens it.
      const fromQuote = (q.toAmount * (10_000n - bps)) / 10_000n;
      const given = request.amountOutMin;
      if (given !== undefined && q.toAmount < given) throw new ApiError(400, ConvertMessage.PriceMoved);
      const toAmountMin = given !== undefined && given > fromQuote ? given : fromQuote;
      const block = await deployment.client.getBlock({ blockNumber: q.blockNumber });
      const deadline = block.timestamp + SWAP_DEADLINE_SECONDS;
      const to = request.userAddress;
      const data = fromNative
        ? encodeFunctionData({
            abi: routerAbi,
            functionName: 'swapExactETHForTokens',
            args: [toAmountMin, q.path, to, deadline],
          })
        : toNative
          ? encodeFunctionData({
              abi: routerAbi,
              functionName: 'swapExactTokensForETH',
              args: [request.amount, toAmountMin, q.path, to, deadline],
            })
          : encodeFunctionData({
              abi: routerAbi,
              functionName: 'swapExactTokensForTokens',
              args: [request.amount, toAmountMin, q.path, to, deadline],
            });
      const value = fromNative ? request.amount : 0n;
      let gas: bigint | undefined;
      if (request.estimateGas) {
        const estimate = await deployment.client
          .estimateGas({ account: request.userAddress, to: deployment.router, data, value })
          .catch(() => {
            throw new ApiError(400, ConvertMessage.SimulationFailed);
          });
        // The swap can cost more when it is mined than when it was estimated (see the margin's
        // comment); unused gas is not paid.
        gas = estimate + SWAP_GAS_MARGIN_PER_HOP * BigInt(q.path.length - 1);
      }
      const { path: _path, blockNumber: _block, ...quoteOut } = q;
      return {
        from: request.userAddress,
        to: deployment.router,
        data,
        value,
        gas,
        quote: quoteOut,
        toAmountMin,
        deadline,
      };
    },
  };
}

/** Reads the router's factory and WETH and each token's name, symbol, decimals and EIP-2612 support. */
async function readDeployment(chain: Chain, config: z.infer<typeof UniswapV2DeploymentSchema>): Promise<Resolved> {
  const client = chain.client;
  const router = getAddress(config.router) as `0x${string}`;
  const [factory, weth] = await Promise.all([
    client.readContract({ address: router, abi: routerAbi, functionName: 'factory' }),
    client.readContract({ address: router, abi: routerAbi, functionName: 'WETH' }),
  ]);
  const native: SwapToken = {
    name: chain.nativeCurrency.name,
    symbol: chain.nativeCurrency.symbol,
    address: formatCaipAddress(chain.caipNetworkId, NATIVE_TOKEN_ADDRESS),
    decimals: chain.nativeCurrency.decimals,
    logoUri: '',
    eip2612: false,
  };
  const tokens = await Promise.all(
    config.tokens.map(async (raw): Promise<SwapToken> => {
      const address = getAddress(raw) as `0x${string}`;
      const [name, symbol, decimals, permit] = await Promise.all([
        client.readContract({ address, abi: erc20Abi, functionName: 'name' }),
        client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
        client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
        client.readContract({ address, abi: permitAbi, functionName: 'DOMAIN_SEPARATOR' }).then(
          () => true,
          () => false,
        ),
      ]);
      return {
        name,
        symbol,
        address: formatCaipAddress(chain.caipNetworkId, address),
        decimals,
        logoUri: '',
        eip2612: permit,
      };
    }),
  );
  return { client, router, factory, weth, tokens: [native, ...tokens] };
}

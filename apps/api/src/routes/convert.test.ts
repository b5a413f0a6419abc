import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionData, erc20Abi, parseAbi, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, startAnvil, type Anvil } from '@airlock/testing';
import { DEV_TOKEN_ADDRESS, deployDevAssets } from '../../../../scripts/api.mjs';
import {
  expectedDexAddresses,
  UNISWAP_ROUTER_ADDRESS,
  USDD_ADDRESS,
  WETH_ADDRESS,
  UNISWAP_FACTORY_ADDRESS,
  PAIR_ETH_DEV_ADDRESS,
} from '../../../../scripts/dex.mjs';
import { createApi, type Api } from '../main.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';

/**
 * The swap calls (spec §7 `/v1/convert/*`) over a real HTTP server, against
 * the dev stack's own Uniswap v2 deployment (scripts/dex.mjs) on a real anvil:
 * what a quote promises is what the router delivers.
 */

const [, bob, carol] = DEV_KEYS.map((k) => privateKeyToAccount(k).address);
const CHAIN = 'eip155:31337';
const NATIVE = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`;
const DEV = `${CHAIN}:${DEV_TOKEN_ADDRESS}`;
const USDD = `${CHAIN}:${USDD_ADDRESS}`;
const pairAbi = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)']);
const swapEthAbi = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
]);
let anvil: Anvil;
let api: Api;
let baseUrl: string;

const get = async (path: string, params: Record<string, string> = {}) => {
  const res = await fetch(`${baseUrl}${path}?${new URLSearchParams({ projectId: 'dev', ...params })}`);
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${baseUrl}${path}?projectId=dev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};
const balanceOf = (token: `0x${string}`, owner: `0x${string}`) =>
  anvil.test.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
/** Sends a built `tx` (CAIP-10 from/to) from dev account `index` and returns the receipt. */
const sendBuilt = async (
  index: number,
  tx: { to: string; data: Hex; value: string; eip155: { gas: string | null } },
) => {
  const wallet = anvil.wallet(index);
  const hash = await wallet.sendTransaction({
    to: tx.to.split(':')[2] as `0x${string}`,
    data: tx.data,
    value: BigInt(tx.value),
    gas: tx.eip155.gas ? BigInt(tx.eip155.gas) : undefined,
  });
  return wallet.waitForTransactionReceipt({ hash });
};

beforeAll(async () => {
  anvil = await startAnvil(31337);
  // Every deployment block in one second: the pools' last update is the latest block's time,
  // which the 1 ETH → DEV test below needs to estimate its swap in that same second.
  await anvil.test.setBlockTimestampInterval({ interval: 0 });
  await deployDevAssets(anvil.rpcUrl);
  await anvil.test.removeBlockTimestampInterval();
  api = await createApi({
    port: 0,
    database: await testDatabase(),
    chains: [{ caipNetworkId: CHAIN, rpcUrl: anvil.rpcUrl }],
    seed: { projects: [{ id: 'dev', name: 'Dev', allowedOrigins: ['http://localhost:*'] }] },
    swaps: {
      uniswapV2: [{ caipNetworkId: CHAIN, router: UNISWAP_ROUTER_ADDRESS, tokens: [DEV_TOKEN_ADDRESS, USDD_ADDRESS] }],
    },
    indexer: { autoStart: false },
    log: () => undefined,
  });
  baseUrl = await api.start();
}, 60_000);

afterAll(async () => {
  await Promise.all([api?.stop(), anvil?.stop()]);
  await dropTestDatabases();
});

describe('the dev exchange (scripts/dex.mjs)', () => {
  it('lands at the documented addresses: the deployer account 9 nonces 0–3', () => {
    expect(expectedDexAddresses()).toEqual({
      weth: WETH_ADDRESS,
      factory: UNISWAP_FACTORY_ADDRESS,
      router: UNISWAP_ROUTER_ADDRESS,
      usdd: USDD_ADDRESS,
    });
  });
});

describe('swap calls (spec §7)', () => {
  it('GET /v1/convert/tokens lists the native currency first, then DEV and USDD, as CAIP-10 with decimals and icons', async () => {
    const { status, body } = await get('/v1/convert/tokens', { chainId: CHAIN });
    expect(status).toBe(200);
    expect(
      body.tokens.map((t: { symbol: string; address: string; decimals: number }) => [t.symbol, t.address, t.decimals]),
    ).toEqual([
      ['ETH', NATIVE, 18],
      ['DEV', DEV, 18],
      ['USDD', USDD, 18],
    ]);
    expect(body.tokens[1].logoUri).toBe(`${baseUrl}/public/getTokenImage/DEV?projectId=dev`);
  });

  it("answers 'Network not supported for Swaps' for a network without a deployment, and the gas-price message for an unknown chain", async () => {
    expect(await get('/v1/convert/tokens', { chainId: 'eip155:1' })).toEqual({
      status: 400,
      body: { message: 'Network not supported for Swaps' },
    });
    const quote = await get('/v1/convert/quotes', {
      amount: '1000',
      from: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      to: `eip155:1:${DEV_TOKEN_ADDRESS}`,
    });
    expect(quote).toEqual({ status: 400, body: { message: 'Network not supported for Swaps' } });
    expect(await get('/v1/convert/gas-price', { chainId: 'eip155:1' })).toEqual({
      status: 400,
      body: { message: 'Network not supported for Gas Price' },
    });
  });

  it('refuses bad input with the field and a clear message', async () => {
    expect((await get('/v1/convert/quotes', { amount: '1.5', from: NATIVE, to: DEV })).body.message).toBe(
      'amount: Expected a whole number of the smallest unit',
    );
    expect((await get('/v1/convert/quotes', { amount: '0', from: NATIVE, to: DEV })).body.message).toBe(
      'amount: Must be greater than 0 and below 2^256',
    );
    expect((await get('/v1/convert/quotes', { amount: '10', from: 'eip155:31337', to: DEV })).body.message).toMatch(
      /^from: Invalid CAIP-10 address/,
    );
    expect(
      (await get('/v1/convert/quotes', { amount: '10', from: NATIVE, to: `eip155:31338:${DEV_TOKEN_ADDRESS}` })).body
        .message,
    ).toBe('from and to must be on the same network');
    expect((await get('/v1/convert/quotes', { amount: '10', from: NATIVE, to: NATIVE })).body.message).toBe(
      'from and to must be different tokens',
    );
    expect(
      (await get('/v1/convert/quotes', { amount: '10', from: NATIVE, to: `${CHAIN}:0x${'12'.repeat(20)}` })).body
        .message,
    ).toBe('Token not supported for Swaps');
    expect((await get('/v1/convert/allowance', { tokenAddress: DEV, userAddress: '0x123' })).body.message).toBe(
      'userAddress: Invalid address',
    );
    expect(
      (
        await post('/v1/convert/build-transaction', {
          amount: '10',
          from: NATIVE,
          to: DEV,
          userAddress: bob,
          eip155: { slippage: 80 },
        })
      ).status,
    ).toBe(400);
  });

  it('a quote for 1 ETH → DEV is what the router then delivers when the built transaction is sent (slippage 1 %)', async () => {
    const amount = parseEther('1').toString();
    // The built gas must cover the worst case: estimated in the second of the pool's last update
    // (its cumulative prices left alone), mined in a later one (both written, from zero).
    const [, , poolUpdated] = await anvil.test.readContract({
      address: PAIR_ETH_DEV_ADDRESS,
      abi: pairAbi,
      functionName: 'getReserves',
    });
    await anvil.test.setNextBlockTimestamp({ timestamp: BigInt(poolUpdated) });
    const { body } = await get('/v1/convert/quotes', { amount, from: NATIVE, to: DEV, userAddress: bob! });
    const [quote] = body.quotes;
    // 1 ETH into the 100 ETH / 120 000 DEV pool: a little under 1200 DEV after the 0.3 % fee.
    expect(BigInt(quote.toAmount)).toBeGreaterThan(parseEther('1180'));
    expect(BigInt(quote.toAmount)).toBeLessThan(parseEther('1200'));
    expect(quote.fee).toEqual({ amount: parseEther('0.003').toString(), percent: 0.3, token: NATIVE });
    expect(quote.priceImpact).toBeGreaterThan(0.9);
    expect(quote.priceImpact).toBeLessThan(1.1);
    expect(quote.route).toEqual([NATIVE, DEV]);

    const built = await post('/v1/convert/build-transaction', {
      amount,
      from: NATIVE,
      to: DEV,
      userAddress: bob,
      eip155: { slippage: '1' },
      projectId: 'dev',
    });
    expect(built.status).toBe(200);
    expect(built.body.tx.to).toBe(`${CHAIN}:${UNISWAP_ROUTER_ADDRESS}`);
    expect(built.body.tx.value).toBe(amount);
    expect(BigInt(built.body.toAmountMin)).toBe((BigInt(quote.toAmount) * 99n) / 100n);
    const before = await balanceOf(DEV_TOKEN_ADDRESS, bob!);
    await anvil.test.setNextBlockTimestamp({ timestamp: BigInt(poolUpdated) + 12n });
    const receipt = await sendBuilt(1, built.body.tx);
    expect(receipt.status).toBe('success');
    expect((await balanceOf(DEV_TOKEN_ADDRESS, bob!)) - before).toBe(BigInt(quote.toAmount));
  });

  it('DEV → USDD: approve is needed while the allowance is below the amount, then not; the swap delivers the quote', async () => {
    const amount = parseEther('100').toString();
    const allowance = async () =>
      BigInt(
        (await get('/v1/convert/allowance', { tokenAddress: DEV, userAddress: `${CHAIN}:${bob}` })).body.allowance,
      );
    expect(await allowance()).toBe(0n);
    // Without the approval the router would revert: the build refuses instead of handing out a failing transaction.
    expect(await post('/v1/convert/build-transaction', { amount, from: DEV, to: USDD, userAddress: bob })).toEqual({
      status: 400,
      body: { message: 'The swap would fail: check the balance and the allowance' },
    });
    const approve = await get('/v1/convert/build-approve', { userAddress: bob!, from: DEV, to: USDD, amount });
    expect(approve.status).toBe(200);
    expect(approve.body.tx.to).toBe(DEV);
    expect((await sendBuilt(1, approve.body.tx)).status).toBe('success');
    expect(await allowance()).toBe(BigInt(amount));
    expect((await get('/v1/convert/build-approve', { userAddress: bob!, from: NATIVE, to: DEV })).body.message).toBe(
      'The native currency needs no approval',
    );
    expect(
      BigInt((await get('/v1/convert/allowance', { tokenAddress: NATIVE, userAddress: bob! })).body.allowance),
    ).toBe(2n ** 256n - 1n);

    const { body } = await get('/v1/convert/quotes', { amount, from: DEV, to: USDD });
    const built = await post('/v1/convert/build-transaction', { amount, from: DEV, to: USDD, userAddress: bob });
    const before = await balanceOf(USDD_ADDRESS, bob!);
    expect((await sendBuilt(1, built.body.tx)).status).toBe('success');
    expect((await balanceOf(USDD_ADDRESS, bob!)) - before).toBe(BigInt(body.quotes[0].toAmount));
    expect(await allowance()).toBe(0n);
  });

  it('USDD → ETH routes through DEV (two pools, two fees) and pays out native ETH', async () => {
    const amount = parseEther('50').toString();
    const { body } = await get('/v1/convert/quotes', { amount, from: USDD, to: NATIVE });
    const [quote] = body.quotes;
    expect(quote.route).toEqual([USDD, DEV, NATIVE]);
    expect(quote.fee.percent).toBeCloseTo(0.5991, 4);
    const approved = await sendBuilt(
      1,
      (await get('/v1/convert/build-approve', { userAddress: bob!, from: USDD, to: NATIVE })).body.tx,
    );
    expect(approved.status).toBe('success');
    const built = await post('/v1/convert/build-transaction', { amount, from: USDD, to: NATIVE, userAddress: bob });
    const before = await anvil.test.getBalance({ address: bob! });
    const receipt = await sendBuilt(1, built.body.tx);
    // A revert still pays gas: say so rather than a balance off by the whole output.
    expect(receipt.status).toBe('success');
    const gasPaid = receipt.gasUsed * receipt.effectiveGasPrice;
    expect((await anvil.test.getBalance({ address: bob! })) - before + gasPaid).toBe(BigInt(quote.toAmount));
  });

  it('a large trade shows a large price impact', async () => {
    const { body } = await get('/v1/convert/quotes', { amount: parseEther('50').toString(), from: NATIVE, to: DEV });
    // 50 ETH into ~100 ETH of reserves: the output is about a third below the mid price.
    expect(body.quotes[0].priceImpact).toBeGreaterThan(30);
    expect(body.quotes[0].priceImpact).toBeLessThan(35);
  });

  it('the 1 % slippage bound holds: a swap front-run by a large trade reverts instead of paying out less', async () => {
    const amount = parseEther('1').toString();
    const built = await post('/v1/convert/build-transaction', {
      amount,
      from: NATIVE,
      to: DEV,
      userAddress: bob,
      disableEstimate: true,
    });
    expect(built.body.tx.eip155.gas).toBeNull();
    const mover = await post('/v1/convert/build-transaction', {
      amount: parseEther('10').toString(),
      from: NATIVE,
      to: DEV,
      userAddress: carol,
    });
    expect((await sendBuilt(2, mover.body.tx)).status).toBe('success');
    const wallet = anvil.wallet(1);
    const hash = await wallet.sendTransaction({
      to: UNISWAP_ROUTER_ADDRESS,
      data: built.body.tx.data,
      value: BigInt(amount),
      gas: 300_000n,
    });
    expect((await wallet.waitForTransactionReceipt({ hash })).status).toBe('reverted');
  });

  it('GET /v1/convert/gas-price reads eth_feeHistory: next base fee ≤ standard ≤ fast ≤ instant, in wei', async () => {
    const { status, body } = await get('/v1/convert/gas-price', { chainId: CHAIN });
    expect(status).toBe(200);
    const history = await anvil.test.getFeeHistory({ blockCount: 1, rewardPercentiles: [] });
    const nextBase = history.baseFeePerGas.at(-1)!;
    expect(BigInt(body.standard)).toBeGreaterThanOrEqual(nextBase);
    expect(BigInt(body.fast)).toBeGreaterThan(BigInt(body.standard));
    expect(BigInt(body.instant)).toBeGreaterThan(BigInt(body.fast));
  });
});

// Issue 29 item 8: the swap must not pay less than the minimum the visitor was shown.
describe('build-transaction with the minimum the visitor saw (amountOutMin)', () => {
  const amount = parseEther('1').toString();
  const quoteNow = async () =>
    BigInt((await get('/v1/convert/quotes', { amount, from: NATIVE, to: DEV })).body.quotes[0].toAmount);
  const build = (extra: Record<string, unknown>) =>
    post('/v1/convert/build-transaction', { amount, from: NATIVE, to: DEV, userAddress: bob, ...extra });
  /** Sends 10 ETH → DEV from carol straight on the router: the pool moves about 17 % against the next buyer. */
  const movePool = async () => {
    const mover = await post('/v1/convert/build-transaction', {
      amount: parseEther('10').toString(),
      from: NATIVE,
      to: DEV,
      userAddress: carol,
    });
    expect((await sendBuilt(2, mover.body.tx)).status).toBe('success');
  };
  let snapshot: Hex;
  beforeAll(async () => {
    snapshot = await anvil.test.snapshot();
  });
  afterAll(async () => {
    await anvil.test.revert({ id: snapshot });
  });

  it('refuses an amountOutMin that is not a positive whole number of the smallest unit', async () => {
    for (const [value, message] of [
      ['0', 'amountOutMin: Must be greater than 0 and below 2^256'],
      ['-5', 'amountOutMin: Expected a whole number of the smallest unit'],
      ['1.5', 'amountOutMin: Expected a whole number of the smallest unit'],
      ['', 'amountOutMin: Expected a whole number of the smallest unit'],
      [(2n ** 256n).toString(), 'amountOutMin: Must be greater than 0 and below 2^256'],
    ] as const) {
      expect(await build({ amountOutMin: value, disableEstimate: true })).toEqual({ status: 400, body: { message } });
    }
    const asNumber = await build({ amountOutMin: 5, disableEstimate: true });
    expect(asNumber.status).toBe(400);
    expect(asNumber.body.message).toMatch(/^amountOutMin: /);
  });

  it("builds with the given minimum when it is tighter than the API's own, and never loosens it", async () => {
    const quoted = await quoteNow();
    const minOf = (data: Hex) => decodeFunctionData({ abi: swapEthAbi, data }).args[0];
    const tight = await build({ amountOutMin: quoted.toString() });
    expect(tight.status).toBe(200);
    expect(tight.body.toAmountMin).toBe(quoted.toString());
    expect(minOf(tight.body.tx.data)).toBe(quoted);
    // A looser minimum than quote × (1 − slippage) does not lower the bound.
    const loose = await build({ amountOutMin: '1', disableEstimate: true });
    expect(BigInt(loose.body.toAmountMin)).toBe((quoted * 99n) / 100n);
    expect(minOf(loose.body.tx.data)).toBe((quoted * 99n) / 100n);
  });

  it('a pool moved after the quote: the build is refused, and a swap built before the move reverts instead of paying less', async () => {
    const shownMin = ((await quoteNow()) * 99n) / 100n;
    const builtBefore = await build({ amountOutMin: shownMin.toString(), disableEstimate: true });
    expect(builtBefore.status).toBe(200);
    await movePool();
    // Today's output is ~17 % below the quote the visitor saw: building now would pay less than shown.
    expect(await quoteNow()).toBeLessThan(shownMin);
    expect(await build({ amountOutMin: shownMin.toString() })).toEqual({
      status: 400,
      body: { message: 'The price moved: the swap would pay less than the minimum shown' },
    });
    const before = await balanceOf(DEV_TOKEN_ADDRESS, bob!);
    const receipt = await sendBuilt(1, { ...builtBefore.body.tx, eip155: { gas: '300000' } });
    expect(receipt.status).toBe('reverted');
    expect(await balanceOf(DEV_TOKEN_ADDRESS, bob!)).toBe(before);
  });
});

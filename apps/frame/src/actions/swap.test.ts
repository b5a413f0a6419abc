import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client.ts';
import type { Frame } from '../store/frame.ts';
import { ACCOUNT_0, announcement, createTestFrame } from '../testing/testFrame.ts';
import { recordConnection } from './connection.ts';
import {
  acceptNewPrice,
  allowanceSufficient,
  loadSwap,
  pickSwapToken,
  refreshQuote,
  setSwapAmount,
  submitSwap,
  swapState,
} from './swap.ts';

const chain = 'eip155:31337';
const ETH = `${chain}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`;
const DEV = `${chain}:0x5FbDB2315678afecb367f032d93F642f64180aa3`;
const USDD = `${chain}:0x8ce361602B935680E8DeC218b820ff5056BeB7af`;
const ROUTER = '0xb19b36b1456E65E3A6D514D3F715f204BD59f431';
const wallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const token = (address: string, symbol: string) => ({ name: symbol, symbol, address, decimals: 18, logoUri: '' });
let frame: Frame;

/** What the fake API quotes and builds: the output of any quote, holds on the next quote answers, the bodies of builds. */
type FakeDex = {
  toAmount: string;
  holds: Promise<void>[];
  /** The abort signal of each quote request, in order. */
  signals: (AbortSignal | null | undefined)[];
  /** The `toAmountMin` the build answers; default the `amountOutMin` sent. */
  builtMin?: string;
  /** The pool moves to this output just as the build is asked, which then refuses (the API's price check). */
  moveOnBuild?: string;
  builds: Record<string, unknown>[];
};
let dex: FakeDex;

/** A connected frame on a fake swap API (`allowance` in DEV wei) whose chain client reports every transaction mined. */
async function swapFrame(options: { allowance: bigint; tokensStatus?: number }) {
  const paths: string[] = [];
  dex = { toAmount: '2000', holds: [], signals: [], builds: [] };
  const api = createApiClient({
    baseUrl: 'http://api.test',
    projectId: 'p',
    sleep: async () => {},
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      paths.push(url.pathname);
      const tx = (data: string) => ({
        tx: { from: `${chain}:${ACCOUNT_0}`, to: `${chain}:${ROUTER}`, data, value: '0', eip155: { gas: '200000' } },
      });
      switch (url.pathname) {
        case '/v1/convert/tokens':
          return options.tokensStatus
            ? json({ message: 'Network not supported for Swaps' }, options.tokensStatus)
            : json({ tokens: [token(ETH, 'ETH'), token(DEV, 'DEV'), token(USDD, 'USDD')] });
        case '/v1/convert/gas-price':
          return json({ message: 'Network not supported for Gas Price' }, 400);
        case '/v1/convert/quotes': {
          const toAmount = dex.toAmount;
          dex.signals.push(init?.signal);
          await dex.holds.shift();
          return json({
            quotes: [
              {
                fromAmount: url.searchParams.get('amount'),
                toAmount,
                priceImpact: 0.5,
                fee: { amount: '3', percent: 0.3 },
              },
            ],
          });
        }
        case '/v1/convert/allowance':
          return json({ allowance: options.allowance.toString() });
        case '/v1/convert/build-approve':
          return json(tx('0xa9059cbb'));
        case '/v1/convert/build-transaction': {
          const body = JSON.parse(String(init?.body)) as { amountOutMin: string };
          dex.builds.push(body);
          if (dex.moveOnBuild) {
            dex.toAmount = dex.moveOnBuild;
            return json({ message: 'The price moved: the swap would pay less than the minimum shown' }, 400);
          }
          return json({ ...tx('0x38ed1739'), toAmountMin: dex.builtMin ?? body.amountOutMin });
        }
        default:
          return json({ balances: [], data: [], next: null });
      }
    }) as typeof fetch,
  });
  ({ frame } = await createTestFrame({ api, start: false, wallets: [wallet] }));
  recordConnection(
    frame,
    frame.connectors.injected(wallet),
    { accounts: [ACCOUNT_0], chainId: 31337, name: wallet.name, icon: wallet.icon },
    { silent: true },
  );
  const mined = {
    waitForReceipt: async () => {},
    readRpc: async () => ({ status: '0x1' }),
    readNativeBalance: async () => '10',
  };
  (frame as { chain: Frame['chain'] }).chain = async () => mined as unknown as Awaited<ReturnType<Frame['chain']>>;
  return paths;
}

afterEach(() => frame?.destroy());

describe('swap (spec §5 allowance rule, §8 messages)', () => {
  it('an allowance is sufficient only when at least the amount', () => {
    expect(allowanceSufficient(10n, 10n)).toBe(true);
    expect(allowanceSufficient(9n, 10n)).toBe(false);
  });

  it("an unsupported network gives 'Network not supported for Swaps' and 'Network not supported for Gas Price'", async () => {
    await swapFrame({ allowance: 0n, tokensStatus: 400 });
    await loadSwap(frame);
    const state = swapState(frame.store.getState());
    expect(state.tokensError).toEqual({ key: 'error.SwapSwapsUnsupported', text: 'Network not supported for Swaps' });
    expect(state.gasError).toEqual({
      key: 'error.SwapGasPriceUnsupported',
      text: 'Network not supported for Gas Price',
    });
  });

  it('a token below its allowance is approved first, then swapped, each through the wallet', async () => {
    const paths = await swapFrame({ allowance: 10n ** 18n });
    await loadSwap(frame);
    pickSwapToken(frame, 'from', DEV);
    pickSwapToken(frame, 'to', USDD);
    setSwapAmount(frame, '2');
    await refreshQuote(frame);
    expect(swapState(frame.store.getState()).quote?.toAmount).toBe('2000');
    const sent = frame.connectors.injected(wallet);
    const requests: string[] = [];
    const request = sent.request.bind(sent);
    sent.request = async (req, id) => (
      requests.push(String((req.params as { data: string }[])[0]?.data)), request(req, id)
    );
    await submitSwap(frame);
    expect(requests).toEqual(['0xa9059cbb', '0x38ed1739']);
    expect(paths.filter((p) => p.includes('build-'))).toEqual([
      '/v1/convert/build-approve',
      '/v1/convert/build-transaction',
    ]);
    expect(swapState(frame.store.getState()).step).toBe('done');
  });

  it('an allowance at least the amount skips the approval; selling the native currency never asks for one', async () => {
    const paths = await swapFrame({ allowance: 2n * 10n ** 18n });
    await loadSwap(frame);
    pickSwapToken(frame, 'from', DEV);
    setSwapAmount(frame, '2');
    await refreshQuote(frame);
    await submitSwap(frame);
    expect(paths).not.toContain('/v1/convert/build-approve');
    pickSwapToken(frame, 'from', ETH);
    pickSwapToken(frame, 'to', DEV);
    setSwapAmount(frame, '1');
    await refreshQuote(frame);
    const before = paths.filter((p) => p.endsWith('/allowance')).length;
    await submitSwap(frame);
    expect(paths.filter((p) => p.endsWith('/allowance')).length).toBe(before);
    expect(swapState(frame.store.getState()).step).toBe('done');
  });

  it('a wallet refusal stops the run with its message and keeps the amount', async () => {
    await swapFrame({ allowance: 0n });
    await loadSwap(frame);
    setSwapAmount(frame, '1');
    await refreshQuote(frame);
    const connector = frame.connectors.injected(wallet);
    connector.request = async () => ({ ok: false, error: { code: 4001, message: 'User rejected the request.' } });
    await submitSwap(frame);
    expect(swapState(frame.store.getState())).toMatchObject({
      step: 'error',
      error: 'User rejected the request.',
      amount: '1',
    });
  });
});

/** The `data` of every transaction the wallet is asked to send from now on. */
function walletRequests(): string[] {
  const sent = frame.connectors.injected(wallet);
  const requests: string[] = [];
  const request = sent.request.bind(sent);
  sent.request = async (req, id) => {
    requests.push(String((req.params as { data: string }[])[0]?.data));
    return request(req, id);
  };
  return requests;
}

/** A frame showing the quote of 1 ETH → DEV (2000 units out; minimum 1980 at 1 % slippage). */
async function quoted() {
  await swapFrame({ allowance: 0n });
  await loadSwap(frame);
  setSwapAmount(frame, '1');
  await refreshQuote(frame);
  expect(swapState(frame.store.getState()).quote?.toAmount).toBe('2000');
}

// Issue 29 item 8: what the visitor sees is what they sign — the swap pays at least the minimum shown.
describe('swap at the price shown', () => {
  it('builds the swap with the minimum of the quote on screen (quote less 1 %)', async () => {
    await quoted();
    await submitSwap(frame);
    expect(dex.builds.map((b) => b.amountOutMin)).toEqual(['1980']);
    expect(swapState(frame.store.getState()).step).toBe('done');
  });

  it('a price moved beyond the slippage before Swap: the new quote shows, nothing is sent until it is accepted', async () => {
    await quoted();
    const requests = walletRequests();
    dex.toAmount = '1650';
    await submitSwap(frame);
    expect(dex.builds).toEqual([]);
    expect(requests).toEqual([]);
    expect(swapState(frame.store.getState())).toMatchObject({ step: 'idle', priceChanged: true });
    expect(swapState(frame.store.getState()).quote?.toAmount).toBe('1650');
    await submitSwap(frame);
    expect(requests).toEqual([]);
    acceptNewPrice(frame);
    await submitSwap(frame);
    expect(dex.builds.map((b) => b.amountOutMin)).toEqual(['1633']);
    expect(requests).toEqual(['0x38ed1739']);
  });

  it('the API refusing the minimum (the pool moved after the last check) shows its message and the new quote to accept', async () => {
    await quoted();
    const requests = walletRequests();
    dex.moveOnBuild = '1650';
    await submitSwap(frame);
    expect(requests).toEqual([]);
    expect(swapState(frame.store.getState())).toMatchObject({
      step: 'error',
      error: 'The price moved: the swap would pay less than the minimum shown',
      priceChanged: true,
    });
    expect(swapState(frame.store.getState()).quote?.toAmount).toBe('1650');
  });

  it('a refresh within the slippage updates the quote quietly; beyond it asks for acceptance', async () => {
    await quoted();
    dex.toAmount = '1985';
    await refreshQuote(frame);
    expect(swapState(frame.store.getState())).toMatchObject({ priceChanged: false, quoteRefreshing: false });
    expect(swapState(frame.store.getState()).quote?.toAmount).toBe('1985');
    dex.toAmount = '1960';
    await refreshQuote(frame);
    expect(swapState(frame.store.getState())).toMatchObject({ priceChanged: true });
    expect(swapState(frame.store.getState()).quote?.toAmount).toBe('1960');
  });

  it('keeps the shown quote while it updates, cancels an older request and drops its answer', async () => {
    await quoted();
    const release: (() => void)[] = [];
    dex.holds = [0, 1].map(() => new Promise((done) => release.push(done)));
    dex.toAmount = '1000';
    const older = refreshQuote(frame);
    expect(swapState(frame.store.getState())).toMatchObject({ quoteRefreshing: true, quoteStatus: 'ready' });
    expect(swapState(frame.store.getState()).quote?.toAmount).toBe('2000');
    dex.toAmount = '2010';
    const newer = refreshQuote(frame);
    expect(dex.signals.map((signal) => signal?.aborted)).toEqual([false, true, false]);
    // The newer answer arrives first; the older one, arriving after it, must not replace it.
    release[1]!();
    await newer;
    expect(swapState(frame.store.getState()).quote?.toAmount).toBe('2010');
    release[0]!();
    await older;
    expect(swapState(frame.store.getState()).quote?.toAmount).toBe('2010');
    expect(swapState(frame.store.getState()).priceChanged).toBe(false);
  });

  it('refuses a built swap whose minimum is below the one shown, and swaps only with a quote shown', async () => {
    await quoted();
    const requests = walletRequests();
    dex.builtMin = '1';
    await submitSwap(frame);
    expect(swapState(frame.store.getState())).toMatchObject({
      step: 'error',
      error: { key: 'error.SwapMinimumNotKept', text: 'The swap built does not keep the minimum shown' },
    });
    setSwapAmount(frame, '2');
    await submitSwap(frame);
    expect(swapState(frame.store.getState()).error).toEqual({
      key: 'error.SwapNoQuote',
      text: 'Wait for the quote before swapping',
    });
    expect(requests).toEqual([]);
  });
});

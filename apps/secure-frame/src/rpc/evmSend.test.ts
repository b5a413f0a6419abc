import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type Anvil } from '@airlock/testing';
import { startHostileRpc, type HostileRpc } from '@airlock/testing/hostile-rpc';
import { formatEther, numberToHex, parseEther, type Hex } from 'viem';
import { createApprovalQueue, type PendingApproval } from '../approval/queue.ts';
import { deriveWallet, generateEntropy } from '../keys/wallet.ts';
import { formatUsd } from './cost.ts';
import { APP_RPC_TIP_CAP } from './fees.ts';
import { createRpcHandler } from './handler.ts';
import { APP_CURRENCY_NOTICE, UNKNOWN_CURRENCY_NOTICE, type NativeCurrency } from './nativeCurrency.ts';
import type { NativePriceReader } from './nativePrice.ts';

// A real anvil chain behind a hostile page's RPC: the page's RPC answers a tip of 40 % of the
// balance for a plain transfer ("Send 0 ETH" would cost 0.4 ETH), everything else is the node's.
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const LYING_TIP = numberToHex(parseEther('0.4') / 21_000n);

let anvil: Anvil;
let hostile: HostileRpc;

beforeAll(async () => {
  anvil = await startAnvil(31337);
  hostile = await startHostileRpc(anvil.rpcUrl, {
    eth_maxPriorityFeePerGas: () => LYING_TIP,
    eth_gasPrice: () => LYING_TIP,
  });
});

afterAll(async () => {
  await hostile?.stop();
  await anvil?.stop();
});

const ETHER: NativeCurrency = { symbol: 'ETH', decimals: 18 };

/** What the deployment and the page say of the network's coin, and the price reader (default: ETH from the deployment, no price). */
type CurrencySetup = {
  currencies?: Record<string, NativeCurrency>;
  page?: NativeCurrency;
  priceOf?: NativePriceReader;
};

/**
 * The handler with a funded fresh wallet (1 ETH) whose person approves everything; `trusted` is the deployment's
 * `rpcUrls`, `currency` its `nativeCurrencies`, the page's currency and the price reader.
 */
async function setup(trusted: Record<string, string>, funds = parseEther('1'), currency: CurrencySetup = {}) {
  const keys = deriveWallet(generateEntropy());
  await anvil.test.setBalance({ address: keys.eip155.address, value: funds });
  const shown: PendingApproval[] = [];
  const approvals = createApprovalQueue((pending) => {
    const first = pending[0];
    if (first && !shown.includes(first)) {
      shown.push(first);
      queueMicrotask(() => approvals.decide(first.id, true));
    }
  });
  const handle = createRpcHandler({
    keys: () => keys,
    dappOrigin: () => 'https://app.example.com',
    approvals,
    trustedRpcUrls: trusted,
    trustedNativeCurrencies: currency.currencies ?? { 'eip155:31337': ETHER },
    priceOf: currency.priceOf,
  });
  const send = (tx: Record<string, unknown>) =>
    handle({
      id: `send-${Math.random().toString(36).slice(2)}`,
      method: 'eth_sendTransaction',
      params: [{ from: keys.eip155.address, ...tx }],
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:31337',
      rpcUrl: hostile.url,
      ...(currency.page ? { nativeCurrency: currency.page } : {}),
    }) as Promise<Hex>;
  return { address: keys.eip155.address, shown, send };
}

/** The mined transaction of `hash` and what the sender paid for it (wei). */
async function mined(hash: Hex) {
  const receipt = await anvil.test.waitForTransactionReceipt({ hash, timeout: 10_000 });
  const tx = await anvil.test.getTransaction({ hash });
  return { tx, receipt, paid: receipt.gasUsed * receipt.effectiveGasPrice + tx.value };
}

describe('eth_sendTransaction fees (real anvil, a hostile page RPC)', () => {
  it('with a trusted RPC: fills from it, shows the max cost, signs exactly that; the page’s RPC is not asked', async () => {
    const { address, shown, send } = await setup({ 'eip155:31337': anvil.rpcUrl });
    hostile.calls.length = 0;
    const hash = await send({ to: RECIPIENT, value: '0x0', maxPriorityFeePerGas: LYING_TIP, nonce: '0x99' });
    expect(hostile.calls).toEqual([]);
    const { tx, paid } = await mined(hash);
    const cost = shown[0]!.details.cost!;
    expect(cost.notice).toBeUndefined();
    // What was shown is what was signed: gas × maxFeePerGas (+ value 0), and nothing the dapp passed.
    expect(cost.maxFee).toBe(`${formatEther(tx.gas * tx.maxFeePerGas!)} ETH`);
    expect(cost.maxCost).toBe(cost.maxFee);
    expect(tx.nonce).toBe(0);
    expect(tx.maxPriorityFeePerGas).toBeLessThan(BigInt(LYING_TIP));
    expect(tx.chainId).toBe(31337);
    expect(paid).toBeLessThanOrEqual(tx.gas * tx.maxFeePerGas!);
    expect(await anvil.test.getBalance({ address })).toBe(parseEther('1') - paid);
  });

  it('with only the page’s RPC: says so on the screen and lowers its tip to the cap', async () => {
    const { shown, send } = await setup({});
    hostile.calls.length = 0;
    const hash = await send({ to: RECIPIENT, value: numberToHex(parseEther('0.01')) });
    expect(hostile.calls).toContain('eth_maxPriorityFeePerGas');
    const { tx, paid } = await mined(hash);
    const { cost, fields } = shown[0]!.details;
    expect(cost?.notice).toMatch(/^Fee estimated by the app's RPC; its tip was lowered/);
    expect(tx.maxPriorityFeePerGas).toBe(APP_RPC_TIP_CAP);
    expect(cost?.maxCost).toBe(`${formatEther(tx.gas * tx.maxFeePerGas! + parseEther('0.01'))} ETH`);
    expect(fields).toContainEqual({ label: 'Value', value: '0.01 ETH' });
    expect(paid).toBeLessThan(parseEther('0.0101'));
  });

  it('refuses before the screen a transaction whose max cost is more than the balance', async () => {
    const { shown, send } = await setup({ 'eip155:31337': anvil.rpcUrl }, parseEther('0.01'));
    await expect(send({ to: RECIPIENT, value: numberToHex(parseEther('0.01')) })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Insufficient funds: this transaction may cost up to 0\.01\d+ ETH/),
    });
    await expect(send({ to: RECIPIENT, value: 'lots' })).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid value',
    });
    expect(shown).toEqual([]);
  });

  it('refuses a trusted RPC on another chain before the screen', async () => {
    const other = await startAnvil(31338);
    try {
      const { shown, send } = await setup({ 'eip155:31337': other.rpcUrl });
      await expect(send({ to: RECIPIENT, value: '0x0' })).rejects.toMatchObject({ code: 4901 });
      expect(shown).toEqual([]);
    } finally {
      await other.stop();
    }
  });
});

describe('eth_sendTransaction cost: the coin and its US-dollar price', () => {
  const trusted = () => ({ 'eip155:31337': anvil.rpcUrl });

  it('shows the US-dollar amounts beside the fee and total when the deployment’s coin is priced', async () => {
    const asked: [string, NativeCurrency][] = [];
    const priceOf: NativePriceReader = async (id, coin) => {
      asked.push([id, coin]);
      return 2000;
    };
    const { shown, send } = await setup(trusted(), undefined, { priceOf });
    const hash = await send({ to: RECIPIENT, value: numberToHex(parseEther('0.01')) });
    const { tx } = await mined(hash);
    const cost = shown[0]!.details.cost!;
    expect(asked).toEqual([['eip155:31337', ETHER]]);
    const maxFee = tx.gas * tx.maxFeePerGas!;
    expect(cost.maxFee).toBe(`${formatEther(maxFee)} ETH`);
    expect(cost.maxFeeUsd).toBe(formatUsd(maxFee, ETHER, 2000));
    expect(cost.maxCostUsd).toBe(formatUsd(maxFee + parseEther('0.01'), ETHER, 2000));
    // 0.01 ETH at $2000 is $20: the total is at least that.
    expect(cost.maxCostUsd).toMatch(/^≈ \$20\.\d\d$/);
    expect(cost.currencyNotice).toBeUndefined();
  });

  it('shows no US-dollar amount, and no error, when the coin is unpriced', async () => {
    const { shown, send } = await setup(trusted(), undefined, { priceOf: async () => undefined });
    await mined(await send({ to: RECIPIENT, value: '0x0' }));
    const cost = shown[0]!.details.cost!;
    expect(cost.maxFee).toMatch(/ ETH$/);
    expect(cost.maxFeeUsd).toBeUndefined();
    expect(cost.maxCostUsd).toBeUndefined();
  });

  it('names the coin from the deployment, whatever the page says', async () => {
    const { shown, send } = await setup(trusted(), undefined, {
      currencies: { 'eip155:31337': { symbol: 'DEV', decimals: 18 } },
      page: ETHER,
    });
    await mined(await send({ to: RECIPIENT, value: numberToHex(parseEther('0.01')) }));
    const { cost, fields } = shown[0]!.details;
    expect(cost?.maxCost).toMatch(/^0\.01\d* DEV$/);
    expect(fields).toContainEqual({ label: 'Value', value: '0.01 DEV' });
    expect(cost?.currencyNotice).toBeUndefined();
  });

  it('falls back to the page’s coin with a notice, and does not price it', async () => {
    let asked = 0;
    const { shown, send } = await setup(trusted(), undefined, {
      currencies: {},
      page: { symbol: 'XYZ', decimals: 18 },
      priceOf: async () => {
        asked++;
        return 2000;
      },
    });
    await mined(await send({ to: RECIPIENT, value: numberToHex(parseEther('0.01')) }));
    const { cost, fields } = shown[0]!.details;
    expect(cost?.maxCost).toMatch(/^0\.01\d* XYZ$/);
    expect(fields).toContainEqual({ label: 'Value', value: '0.01 XYZ' });
    expect(cost?.currencyNotice).toBe(APP_CURRENCY_NOTICE);
    expect(cost?.maxCostUsd).toBeUndefined();
    expect(asked).toBe(0);
  });

  it('never assumes ETH: with no coin from anyone, amounts are in wei with a notice', async () => {
    const { shown, send } = await setup(trusted(), undefined, { currencies: {} });
    const hash = await send({ to: RECIPIENT, value: numberToHex(parseEther('0.01')) });
    const { tx } = await mined(hash);
    const { cost, fields } = shown[0]!.details;
    expect(cost?.maxFee).toBe(`${tx.gas * tx.maxFeePerGas!} wei`);
    expect(fields).toContainEqual({ label: 'Value', value: `${parseEther('0.01')} wei` });
    expect(cost?.currencyNotice).toBe(UNKNOWN_CURRENCY_NOTICE);
  });
});

import type { RpcRequest } from '@airlock/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectInjected } from '../actions/connect.ts';
import { announcedEntry } from '../connectors/injected/index.ts';
import type { Frame } from '../store/frame.ts';
import { ACCOUNT_0, ACCOUNT_1, announcement, createTestFrame, flush, testConfig } from '../testing/testFrame.ts';
import { routeRequest } from './request.ts';

/**
 * Spec §5 'Transaction hash: 0x and 64 hex characters': after `eth_sendTransaction` the frame
 * waits for the receipt (then reads the balance again) only when the wallet's answer is such a
 * hash; anything else a wallet answers is passed to the dapp as it is and nothing is waited on.
 * The receipt wait itself is the chain client's (its own tests, on anvil).
 */

const devWallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);
const frames: Frame[] = [];
afterEach(() => {
  for (const f of frames.splice(0)) f.destroy();
});

/** A frame connected to the fake page wallet, its receipt waits recorded (none reaches a chain). */
async function connected(answer: unknown) {
  const { frame, fake } = await createTestFrame({ config: testConfig(), wallets: [devWallet] });
  frames.push(frame);
  await connectInjected(frame, announcedEntry(devWallet));
  const waited: string[] = [];
  const chain = await frame.chain();
  vi.spyOn(chain, 'waitForReceipt').mockImplementation(async (_network, hash) => {
    waited.push(hash);
    throw new Error('no chain in this test');
  });
  // The page wallet answers `answer` to eth_sendTransaction (its other answers stay the fake's).
  const wallets = (fake.host as unknown as { wallets: { request: (uuid: string, call: RpcRequest) => unknown } })
    .wallets;
  const request = wallets.request;
  wallets.request = async (uuid, call) =>
    call.method === 'eth_sendTransaction' ? { ok: true, value: answer } : request(uuid, call);
  const send = () =>
    routeRequest(frame, {
      method: 'eth_sendTransaction',
      chainNamespace: 'eip155',
      params: [{ from: ACCOUNT_0, to: ACCOUNT_1, value: '0x1' }],
    });
  return { send, waited };
}

describe('eth_sendTransaction answer: a transaction hash is 0x and 64 hex characters', () => {
  it('waits for the receipt of a 0x + 64 hex answer', async () => {
    const hash = `0x${'aB'.repeat(32)}`;
    const { send, waited } = await connected(hash);
    expect(await send()).toEqual({ ok: true, value: hash });
    await vi.waitFor(() => expect(waited).toEqual([hash]));
  });

  it('passes any other answer through and waits for nothing', async () => {
    for (const answer of [
      `0x${'ab'.repeat(31)}`,
      `0x${'ab'.repeat(33)}`,
      `0x${'zz'.repeat(32)}`,
      'ab'.repeat(32),
      42,
    ]) {
      const { send, waited } = await connected(answer);
      expect(await send()).toEqual({ ok: true, value: answer });
      await flush(10);
      expect(waited).toEqual([]);
    }
  });
});

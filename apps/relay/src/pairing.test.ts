import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, type Relay } from './server.ts';
import {
  initSignClient,
  pairAndSign,
  shutdownSignClient,
  testAccount,
  testChain,
  type SignClientInstance,
} from './testSignClient.ts';

/**
 * Real-library test: two `@walletconnect/sign-client` 2.25 clients (a dapp and a wallet) in one
 * process pair, settle a session and exchange a `personal_sign` request through our relay only,
 * with the relay's default limits (real clients must never hit them).
 */

let relay: Relay;
let dapp: SignClientInstance;
let wallet: SignClientInstance;
const relayLogs: string[] = [];

beforeAll(async () => {
  relay = await startRelay({ port: 0, log: (line) => relayLogs.push(line) });
  dapp = await initSignClient(relay.url, 'dapp');
  wallet = await initSignClient(relay.url, 'wallet');
});

afterAll(async () => {
  await shutdownSignClient(dapp);
  await shutdownSignClient(wallet);
  await relay?.close();
});

describe('sign-client 2.25 over the local relay', () => {
  it('pairs, settles a session on both sides and answers personal_sign', async () => {
    const { session, walletSeesPeer, signatureValid } = await pairAndSign(dapp, wallet);
    expect(session.namespaces.eip155?.accounts).toEqual([`${testChain}:${testAccount.address}`]);
    expect(session.peer.metadata.name).toBe('wallet');
    expect(walletSeesPeer).toBe('dapp');
    expect(signatureValid).toBe(true);
    expect(relayLogs.filter((line) => line.includes('refused'))).toEqual([]);
  });
});

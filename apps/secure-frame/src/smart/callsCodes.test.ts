import { describe, expect, it } from 'vitest';
import { type SmartCallsDeps, sendSmartCalls } from './calls.ts';

const OWN = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const DEAD = '0x000000000000000000000000000000000000dEaD';
// Every refusal below comes before any read, approval or bundler call: a bare handle is enough.
const deps = {
  handle: { account: { address: OWN }, chainId: 31337 },
  caipNetworkId: 'eip155:31337',
} as unknown as SmartCallsDeps;
const send = (request: Record<string, unknown>) => sendSmartCalls([{ version: '2.0.0', ...request }], deps);

// Spec §8 codes 5700–5760 (EIP-5792).
describe('wallet_sendCalls refusals carry the EIP-5792 codes', () => {
  it('5710 for a batch on another chain', async () => {
    await expect(send({ chainId: '0x1', calls: [{ to: DEAD }] })).rejects.toMatchObject({ code: 5710 });
  });

  it('5700 for a capability it does not know and the page did not mark optional', async () => {
    await expect(send({ calls: [{ to: DEAD }], capabilities: { auxiliaryFunds: {} } })).rejects.toMatchObject({
      code: 5700,
      message: 'Unsupported capability: auxiliaryFunds',
    });
  });

  it('5740 for more calls than one batch holds', async () => {
    await expect(send({ calls: Array(17).fill({ to: DEAD }) })).rejects.toMatchObject({ code: 5740 });
  });

  it('-32602 stays for a malformed batch', async () => {
    await expect(send({ calls: [] })).rejects.toMatchObject({ code: -32602 });
  });
});

import { describe, expect, it, vi } from 'vitest';
import {
  POLKADOT_LOCAL_CAIP_NETWORK_ID,
  POLKADOT_LOCAL_GENESIS_HASH,
  POLKADOT_NETWORKS,
} from '@airlock/protocol/polkadot';
import { polkadotAccounts } from './accounts.ts';
import { routePolkadotRequest, type PolkadotRequestContext } from './requests.ts';

/** //Alice in the generic format (42) and in Polkadot's (0); //Bob in the generic one. */
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
const ALICE_DOT = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5';
const BOB = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty';
const NETWORK = POLKADOT_LOCAL_CAIP_NETWORK_ID;

const context = (): PolkadotRequestContext & { call: ReturnType<typeof vi.fn> } => ({
  wallet: { id: 'dev-polkadot', name: 'Dev', icon: 'data:image/svg+xml,' },
  accounts: polkadotAccounts([{ address: ALICE_DOT, name: 'Alice' }], NETWORK),
  caipNetworkId: NETWORK,
  call: vi.fn(async () => ({ ok: true as const, value: { id: 1, signature: `0x01${'ab'.repeat(64)}` } })),
});

describe('the dapp’s polkadot requests with an injected extension (connectors/polkadot/requests.ts)', () => {
  it('lists the accounts in the network’s SS58 format and signs with the address the extension gave', async () => {
    const c = context();
    expect(await routePolkadotRequest({ method: 'polkadot_getAccounts', params: [] }, c)).toEqual({
      ok: true,
      value: [{ address: ALICE, name: 'Alice' }],
    });
    const signed = await routePolkadotRequest(
      { method: 'polkadot_signMessage', params: [{ address: ALICE, message: 'hi' }] },
      c,
    );
    expect(signed).toEqual({ ok: true, value: { signature: `0x01${'ab'.repeat(64)}` } });
    expect(c.call).toHaveBeenCalledWith({
      method: 'signer.signRaw',
      params: [{ address: ALICE_DOT, data: '0x6869', type: 'bytes' }],
    });
  });

  it('never asks the extension for an account it did not share (4100) or a payload of another network (4901)', async () => {
    const c = context();
    const bob = { method: 'polkadot_signMessage', params: [{ address: BOB, message: '0x00' }] };
    expect(await routePolkadotRequest(bob, c)).toMatchObject({ ok: false, error: { code: 4100 } });
    const payload = (genesisHash: string) => ({
      method: 'polkadot_signTransaction',
      params: [{ address: ALICE, transactionPayload: { address: ALICE, genesisHash, method: '0x0000' } }],
    });
    expect(await routePolkadotRequest(payload(POLKADOT_NETWORKS.polkadot.genesisHash), c)).toMatchObject({
      ok: false,
      error: { code: 4901 },
    });
    expect(c.call).not.toHaveBeenCalled();
    expect(await routePolkadotRequest(payload(POLKADOT_LOCAL_GENESIS_HASH), c)).toMatchObject({ ok: true });
    expect(c.call).toHaveBeenCalledWith({
      method: 'signer.signPayload',
      params: [{ address: ALICE_DOT, genesisHash: POLKADOT_LOCAL_GENESIS_HASH, method: '0x0000' }],
    });
  });

  it('refuses a malformed extension answer (-32603)', async () => {
    const c = context();
    c.call.mockResolvedValueOnce({ ok: true, value: { signature: 'nope' } });
    const raw = { method: 'polkadot_signMessage', params: [{ address: ALICE, message: 'x' }] };
    expect(await routePolkadotRequest(raw, c)).toMatchObject({ ok: false, error: { code: -32603 } });
  });
});

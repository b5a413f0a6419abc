import { describe, expect, it } from 'vitest';
import { ConnectionSchema, frameMethods, HostEventSchema, noConnectionFor, validate } from './index.ts';

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const connection = {
  connectorId: '7d6f9a52-5d4b-4b8e-9d1e-0c3f2f1a2b3c',
  name: 'Dev Wallet',
  icon: 'data:image/svg+xml,<svg/>',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  accounts: [{ caipAddress: `eip155:31337:${address}`, address, type: 'eoa' }],
  active: true,
};

describe('multi-wallet protocol', () => {
  it('accepts a connection and refuses one with a bad account type or CAIP-10 id', () => {
    expect(ConnectionSchema.safeParse(connection).success).toBe(true);
    const badType = { ...connection, accounts: [{ ...connection.accounts[0], type: 'contract' }] };
    expect(ConnectionSchema.safeParse(badType).success).toBe(false);
    const badCaip = { ...connection, accounts: [{ ...connection.accounts[0], caipAddress: address }] };
    expect(ConnectionSchema.safeParse(badCaip).success).toBe(false);
  });

  it('validates the arguments of getConnections, switchConnection and deleteConnection (-32602 otherwise)', () => {
    expect(validate(frameMethods.getConnections.params, ['eip155']).ok).toBe(true);
    expect(validate(frameMethods.getConnections.params, ['tron'])).toMatchObject({
      ok: false,
      error: { code: -32602 },
    });
    expect(validate(frameMethods.switchConnection.params, [{ connectorId: 'walletConnect', address }]).ok).toBe(true);
    // Strict objects: an extra key is refused, not ignored.
    const extra = [{ connectorId: 'walletConnect', address, namespace: 'eip155' }];
    expect(validate(frameMethods.switchConnection.params, extra).ok).toBe(false);
    expect(validate(frameMethods.deleteConnection.params, [{ connectorId: '' }])).toMatchObject({
      ok: false,
      error: { code: -32602 },
    });
    expect(validate(frameMethods.deleteConnection.params, [{ connectorId: 'walletConnect' }]).ok).toBe(true);
  });

  it('carries the connections event to the host', () => {
    const event = { type: 'connections', chainNamespace: 'eip155', connections: [connection] };
    expect(HostEventSchema.safeParse(event).success).toBe(true);
    expect(HostEventSchema.safeParse({ ...event, chainNamespace: 'tron' }).success).toBe(false);
  });

  it("names the missing connection in spec §8's words", () => {
    expect(noConnectionFor('walletConnect')).toBe('No connector found for connection: walletConnect');
  });
});

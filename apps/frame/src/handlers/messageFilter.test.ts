import { describe, expect, it } from 'vitest';
import { isHandshakeMessage } from './messageFilter.ts';

describe('isHandshakeMessage (what may reach penpal from the parent window before the handshake)', () => {
  it('accepts well-formed penpal v7 handshake messages', () => {
    expect(isHandshakeMessage({ namespace: 'penpal', type: 'SYN', participantId: 'abc' })).toBe(true);
    expect(
      isHandshakeMessage({ namespace: 'penpal', type: 'ACK1', methodPaths: [['open'], ['wallets', 'list']] }),
    ).toBe(true);
    expect(isHandshakeMessage({ namespace: 'penpal', type: 'ACK2' })).toBe(true);
  });

  it('refuses calls on the window, malformed handshakes, other channels and v6 look-alikes', () => {
    for (const data of [
      { namespace: 'penpal', type: 'CALL', id: 'c', methodPath: ['request'], args: [] },
      { namespace: 'penpal', type: 'DESTROY' },
      { namespace: 'penpal', type: 'SYN' },
      { namespace: 'penpal', type: 'SYN', participantId: 12 },
      { namespace: 'penpal', type: 'ACK1', methodPaths: 'all' },
      { namespace: 'penpal', type: 'ACK2', channel: 'not-our-channel' },
      { namespace: 'penpal', type: 'SYN', participantId: 'x', penpal: 'syn' },
      { penpal: 'syn' },
      null,
      'penpal',
    ]) {
      expect(isHandshakeMessage(data), JSON.stringify(data)).toBe(false);
    }
  });
});

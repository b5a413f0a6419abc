import { describe, expect, it } from 'vitest';
import { createTestFrame } from '../testing/testFrame.ts';
import { idleOn } from './state.ts';
import { widgetState } from './widgetState.ts';

const SOLANA_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';

describe('widgetState', () => {
  it('takes chainNamespace from the active network: eip155 on an EVM network, solana on a Solana one', async () => {
    const { frame } = await createTestFrame({ start: false });
    const state = frame.store.getState();
    expect(widgetState(state)).toMatchObject({ chainNamespace: 'eip155', caipNetworkId: 'eip155:31337' });
    // The dapp's useNetwork() (@airlock/react) reads chainId as a number only when chainNamespace is eip155:
    // a Solana network reported as eip155 gave NaN there.
    expect(widgetState({ ...state, active: idleOn(SOLANA_DEVNET) })).toMatchObject({
      chainNamespace: 'solana',
      caipNetworkId: SOLANA_DEVNET,
    });
  });
});

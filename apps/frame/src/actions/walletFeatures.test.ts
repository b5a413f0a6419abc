import { describe, expect, it } from 'vitest';
import { FeaturesSchema, type Features } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';
import { ACCOUNT_0, createTestFrame } from '../testing/testFrame.ts';
import { recordConnection } from './connection.ts';
import { walletFeatures } from './walletFeatures.ts';

/** The Account view's wallet features of a connected frame on Anvil A with these features. */
async function offered(features: Features) {
  const { frame } = await createTestFrame({ start: false });
  connect(frame);
  frame.store.setState({ features: { features, source: 'remote' } });
  return walletFeatures(frame.store.getState(), frame.config).filter((f) => f !== 'name');
}

function connect(frame: Frame) {
  recordConnection(
    frame,
    frame.connectors.walletConnect,
    { accounts: [ACCOUNT_0], chainId: 31337, name: 'W', icon: 'data:image/png;base64,' },
    { silent: true },
  );
}

describe('wallet features (spec §1, §5)', () => {
  it('are offered in the spec §1 order: onramp, swaps, receive, send', async () => {
    expect(await offered({ onramp: true, swaps: true })).toEqual(['onramp', 'swaps', 'receive', 'send']);
    expect(await offered({ onramp: false, swaps: false, receive: false })).toEqual(['send']);
  });

  it('a provider list turns the onramp on; an empty list, or an answer that is not a list, shows none', async () => {
    expect(await offered({ onramp: ['sandbox-a'] })).toContain('onramp');
    expect(await offered({ onramp: [] })).not.toContain('onramp');
    const parsed = FeaturesSchema.parse({ onramp: 'sandbox-a', swaps: true });
    expect(parsed).toEqual({ onramp: false, swaps: true });
    expect(await offered(parsed)).toEqual(['swaps', 'receive', 'send']);
  });
});

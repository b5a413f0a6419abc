import { describe, expect, it } from 'vitest';
import { SOLANA_NETWORKS } from '@airlock/protocol';
import { recordConnection } from '../../actions/connection.ts';
import { routeRequest } from '../../handlers/request.ts';
import { testConfig } from '../../testing/fakeHost.ts';
import { createTestFrame } from '../../testing/testFrame.ts';

const SOLANA_ADDRESS = 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW';

// A wallet of another namespace is no eip155 account (CI saw the demo's eip155 provider show a
// checksummed Cosmos address: eth_accounts answered the shown wallet's address whatever its namespace).
describe('the eip155 provider while a wallet of another namespace is shown', () => {
  it('eth_accounts is [], and an account-bound method is 4100 without reaching the wallet', async () => {
    const config = testConfig();
    const { frame, fake } = await createTestFrame({
      config: { ...config, networks: [...config.networks, SOLANA_NETWORKS.devnet] },
    });
    recordConnection(
      frame,
      frame.connectors.walletConnect,
      {
        accounts: [SOLANA_ADDRESS],
        caipNetworkId: SOLANA_NETWORKS.devnet.caipNetworkId,
        name: 'W',
        icon: 'data:image/png;base64,',
      },
      { silent: true },
    );
    const req = (method: string, params?: unknown[]) =>
      routeRequest(frame, { method, chainNamespace: 'eip155', ...(params ? { params } : {}) });
    expect(await req('eth_accounts')).toEqual({ ok: true, value: [] });
    expect(await req('personal_sign', ['0x68656c6c6f', SOLANA_ADDRESS])).toMatchObject({
      ok: false,
      error: { code: 4100 },
    });
    expect(fake.requests).toEqual([]);
    // The theme's code loads after the frame starts: let it finish before the test environment goes.
    await frame.runtime.themeStarted;
  });
});

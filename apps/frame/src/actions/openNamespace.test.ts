import { beforeEach, describe, expect, it } from 'vitest';
import { SOLANA_NETWORKS } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';
import { testConfig } from '../testing/fakeHost.ts';
import { ACCOUNT_0, createTestFrame } from '../testing/testFrame.ts';
import { createFrameMethods } from '../handlers/frameMethods.ts';
import { recordConnection } from './connection.ts';
import { closeModal } from './modal.ts';
import { openOnNamespace } from './openNamespace.ts';
import { connectionOf } from '../store/connection.ts';

// Spec §2 'Opening … If another namespace is requested, the network switches first.'
describe('open({ namespace })', () => {
  let frame: Frame;
  const state = () => frame.store.getState();
  const views = () => state().modal.stack.map((r) => r.view);
  beforeEach(async () => {
    const config = testConfig();
    ({ frame } = await createTestFrame({
      config: { ...config, networks: [...config.networks, SOLANA_NETWORKS.devnet] },
    }));
  });

  it('while disconnected on eip155, switches to the Solana network, then opens Connect', async () => {
    expect(await openOnNamespace(frame, 'solana', undefined)).toEqual({ ok: true, value: null });
    expect(connectionOf(state()).caipNetworkId).toBe(SOLANA_NETWORKS.devnet.caipNetworkId);
    expect(state().modal.open).toBe(true);
    expect(views()).toEqual(['Connect']);
    // Connect lists the Solana wallets only (the route's namespace scopes it).
    expect(state().modal.stack[0]).toEqual({ view: 'Connect', namespace: 'solana' });
  });

  it('on the namespace already active, opens without switching', async () => {
    expect(await openOnNamespace(frame, 'eip155', 'Networks')).toMatchObject({ ok: true });
    expect(connectionOf(state()).caipNetworkId).toBe('eip155:31337');
    expect(views()).toEqual(['Networks']);
  });

  it("a namespace with no configured network: -32602 'Adapter for namespace cosmos doesn't exist', nothing opens", async () => {
    expect(await openOnNamespace(frame, 'cosmos', undefined)).toEqual({
      ok: false,
      error: { code: -32602, message: "Adapter for namespace cosmos doesn't exist" },
    });
    expect(state().modal.open).toBe(false);
    expect(connectionOf(state()).caipNetworkId).toBe('eip155:31337');
  });

  it('a page wallet with no Solana account: the modal opens on SwitchActiveChain over Account', async () => {
    recordConnection(
      frame,
      frame.connectors.walletConnect,
      { accounts: [ACCOUNT_0], chainId: 31337, name: 'W', icon: 'data:image/png;base64,' },
      { silent: true },
    );
    expect(await openOnNamespace(frame, 'solana', undefined)).toMatchObject({ ok: true });
    expect(state().modal.open).toBe(true);
    expect(views()).toEqual(['Account', 'SwitchActiveChain']);
    expect(connectionOf(state()).caipNetworkId).toBe('eip155:31337');
  });

  it("the host's open() takes the namespace and settles when the modal closes", async () => {
    const opened = createFrameMethods(frame).open({ namespace: 'solana' });
    await expect.poll(() => state().modal.open).toBe(true);
    expect(connectionOf(state()).caipNetworkId).toBe(SOLANA_NETWORKS.devnet.caipNetworkId);
    closeModal(frame);
    expect(await opened).toEqual({ ok: true, value: { caipAddress: null } });
  });
});

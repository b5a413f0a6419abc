import { describe, expect, it, vi } from 'vitest';
import { multichain, type MultichainClient, type MultichainNotification } from './index.ts';

/** The multichain entry on a stand-in ExtensionContext: what reaches the frame's `request`, and the notifications. */
function setUp() {
  const sent: { ns: string; method: string; params: unknown }[] = [];
  const methods: { multichain?: { notify(n: MultichainNotification): Promise<unknown> } } = {};
  const providers = new Map<string, unknown>();
  multichain()({
    methods: methods as Record<string, unknown>,
    providers,
    send: () => {},
    emitter: () => ({ on() {}, removeListener() {}, emit() {} }),
    request: (ns) => async (a) => (sent.push({ ns, method: a.method, params: a.params }), { ok: a.method }),
    config: { projectId: 'p', networks: [], parentOrigin: 'http://localhost' },
  });
  return { sent, methods, client: providers.get('multichain') as MultichainClient };
}

describe('@airlock/host-sdk/multichain', () => {
  it('sends the four JSON-RPC methods with their params through the frame request', async () => {
    const { sent, client } = setUp();
    const scopes = { requiredScopes: { 'eip155:1': { methods: ['personal_sign'], notifications: [] } } };
    expect(await client.createSession(scopes)).toEqual({ ok: 'wallet_createSession' });
    await client.getSession();
    await client.invokeMethod({ scope: 'eip155:1', request: { method: 'personal_sign', params: ['0x00', '0x1'] } });
    await client.revokeSession();
    expect(sent).toEqual([
      { ns: 'eip155', method: 'wallet_createSession', params: scopes },
      { ns: 'eip155', method: 'wallet_getSession', params: undefined },
      {
        ns: 'eip155',
        method: 'wallet_invokeMethod',
        params: { scope: 'eip155:1', request: { method: 'personal_sign', params: ['0x00', '0x1'] } },
      },
      { ns: 'eip155', method: 'wallet_revokeSession', params: undefined },
    ]);
  });

  it('hands multichain.notify to every listener until removed; a throwing listener stops no other', async () => {
    const { methods, client } = setUp();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: MultichainNotification[] = [];
    client.onNotification(() => {
      throw new Error('dapp bug');
    });
    const off = client.onNotification((n) => seen.push(n));
    const changed: MultichainNotification = { method: 'wallet_sessionChanged', params: { sessionScopes: {} } };
    expect(await methods.multichain!.notify(changed)).toEqual({ ok: true, value: null });
    off();
    await methods.multichain!.notify(changed);
    expect(seen).toEqual([changed]);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});

import { describe, expect, it, vi } from 'vitest';

const init = vi.fn(async (_options: Record<string, unknown>) => ({ client: undefined }));
vi.mock('@walletconnect/universal-provider', () => ({ UniversalProvider: { init } }));

// Spec §9 'Default log level error': the WalletConnect client logs errors only, and sends no telemetry.
describe('the WalletConnect provider', () => {
  it("is created with the log level 'error' and telemetry off", async () => {
    const { createProvider } = await import('./provider.ts');
    await createProvider({
      projectId: 'p',
      relayUrl: null,
      metadata: { name: 'D', description: '', url: 'https://dapp.test', icons: [] },
      customStoragePrefix: 'x',
      storage: {} as never,
      verify: false,
    });
    expect(init).toHaveBeenCalledOnce();
    expect(init.mock.calls[0]![0]).toMatchObject({ logger: 'error', telemetryEnabled: false });
  });
});

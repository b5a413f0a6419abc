import { isWalletAdapterCompatibleStandardWallet } from '@solana/wallet-adapter-base';
import { StandardWalletAdapter } from '@solana/wallet-standard-wallet-adapter-base';
import { getWallets } from '@wallet-standard/app';
import { ed25519 } from '@noble/curves/ed25519';
import { readDemoConfig, showConfigError } from './config.ts';
import { installDevSolanaWallet } from './devSolanaWallet/index.ts';
import { byId, byTestId } from './dom.ts';
import { createDemoWidget } from './widget.ts';

/** The message `Sign with the adapter` signs. */
const MESSAGE = 'Signed through @solana/wallet-adapter and Airlock.';

/**
 * `solana-adapter.html`: a dapp that knows only the Solana wallet adapter. It lists every Wallet
 * Standard wallet the adapter accepts (`adapter-wallets`, one `li` per name), connects the one
 * named `Airlock` with `StandardWalletAdapter` (`adapter-account`) and signs a message through it
 * (`adapter-signature`: `valid` / `invalid`). The widget is created with the Solana extension, as a
 * dapp embedding Airlock would; the Dev Solana Wallet is on the page too (`?autoApprove=1`).
 */
async function start(): Promise<void> {
  let config: ReturnType<typeof readDemoConfig>;
  try {
    config = readDemoConfig();
  } catch (error) {
    showConfigError(byId('app'), error);
    return;
  }
  await installDevSolanaWallet({
    networks: config.networks,
    autoApprove: new URLSearchParams(location.search).get('autoApprove') === '1',
  });
  createDemoWidget(config);
  const ui = {
    wallets: byTestId('adapter-wallets'),
    account: byTestId('adapter-account'),
    signature: byTestId('adapter-signature'),
    error: byTestId('adapter-error'),
  };
  const { get, on } = getWallets();
  const adapters = new Map<string, StandardWalletAdapter>();
  const render = () => {
    for (const wallet of get()) {
      if (adapters.has(wallet.name) || !isWalletAdapterCompatibleStandardWallet(wallet)) continue;
      adapters.set(wallet.name, new StandardWalletAdapter({ wallet }));
    }
    ui.wallets.replaceChildren(
      ...[...adapters.keys()].map((name) => Object.assign(document.createElement('li'), { textContent: name })),
    );
  };
  render();
  on('register', render);
  const run = (task: () => Promise<void>) => () => {
    ui.error.textContent = '';
    task().catch((error: unknown) => (ui.error.textContent = error instanceof Error ? error.message : String(error)));
  };
  const airlock = () => {
    const adapter = adapters.get('Airlock');
    if (!adapter) throw new Error('Airlock is not among the Wallet Standard wallets');
    return adapter;
  };
  byId('adapter-connect').addEventListener(
    'click',
    run(async () => {
      const adapter = airlock();
      await adapter.connect();
      ui.account.textContent = adapter.publicKey?.toBase58() ?? 'Not connected';
    }),
  );
  byId('adapter-sign').addEventListener(
    'click',
    run(async () => {
      const adapter = airlock();
      const message = new TextEncoder().encode(MESSAGE);
      if (!adapter.signMessage) throw new Error('The adapter cannot sign messages');
      const signature = await adapter.signMessage(message);
      ui.signature.textContent = ed25519.verify(signature, message, adapter.publicKey!.toBytes()) ? 'valid' : 'invalid';
    }),
  );
}

void start();

import { ProviderRpcError } from '@airlock/host-sdk';
import { Message } from '@airlock/protocol/codes';
import { createPublicClient, createWalletClient, custom, parseEther, verifyMessage, type Address } from 'viem';
import { toViemChain } from './chain.ts';
import { readDemoConfig, showConfigError, type DemoConfig } from './config.ts';
import { installDevWallet } from './devWallet/index.ts';
import { installDevSolanaWallet } from './devSolanaWallet/index.ts';
import { runBitcoinCard } from './bitcoinCard.ts';
import { runSolanaCard } from './solanaCard.ts';
import { byId, byTestId } from './dom.ts';
import { checksum, decimalChainId, eventLine } from './events.ts';
import { formatError } from './formatError.ts';
import { installLanguagePicker } from './language.ts';
import { demoSiwxOptions, installSiwxPanel } from './siwx.ts';
import { installThemePicker } from './theme.ts';
import { createDemoWidget } from './widget.ts';

/** The fixed message of `Sign message` (personal_sign, verified here with viem `verifyMessage`). */
export const SIGN_MESSAGE = 'Sign in to the Airlock demo dapp.\n\nThis signature costs nothing.';
/** Recipient of `Send 0.01 ETH`: anvil account 1. */
export const RECIPIENT: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/** Most lines kept in the `dapp-events` log. */
const MAX_EVENTS = 200;

function start(): void {
  let config: DemoConfig;
  try {
    config = readDemoConfig();
  } catch (error) {
    showConfigError(byId('app'), error);
    return;
  }
  if (config.devWallet) {
    const auto = new URLSearchParams(location.search).get('autoApprove') === '1';
    installDevWallet({ networks: config.networks, autoApprove: auto });
    void installDevSolanaWallet({ networks: config.networks, autoApprove: auto });
    // Its own chunk (btc-signer, noble): loaded only when the stack names the Bitcoin stand-in.
    const esploraUrl = config.bitcoinEsploraUrl;
    if (esploraUrl)
      void import('./devBitcoinWallet/index.ts').then((m) => {
        const wallet = m.installDevBitcoinWallet({ esploraUrl, autoApprove: auto });
        // The Bitcoin card's 'Dev Bitcoin Wallet: switch account' plays the person switching
        // account in the wallet: dev accounts 0 and 2 in turn (a `change` event the widget follows).
        let index = 0;
        document.getElementById('bitcoin-switch-account')?.addEventListener('click', () => {
          index = index === 0 ? 2 : 0;
          wallet?.switchAccount(m.devBitcoinKeys(index));
        });
      });
    // Their own chunks too (CosmJS; @polkadot/*): only when the stack names the stand-ins.
    const { cosmosLcdUrl, substrateRpcUrl } = config;
    if (cosmosLcdUrl)
      void import('./devKeplrWallet/index.ts').then((m) =>
        m.installDevKeplrWallet({
          cosmosLcdUrl,
          autoApprove: auto,
          // `?keplrUnknown=<chain id>`: a chain the wallet lacks until it is suggested (e2e).
          unknownChains: new URLSearchParams(location.search).getAll('keplrUnknown'),
        }),
      );
    if (substrateRpcUrl)
      void import('./devPolkadotExtension/index.ts').then((m) =>
        m.installDevPolkadotExtension({ substrateRpcUrl, autoApprove: auto }),
      );
  }
  runDapp(config);
}

/** Wires the page to the widget: the same code a dapp using @airlock/host-sdk and viem would write. */
function runDapp(config: DemoConfig): void {
  const widget = createDemoWidget(config);
  const language = document.getElementById('language');
  if (language instanceof HTMLSelectElement) installLanguagePicker(language);
  // For `npm run bench` (scripts/bench-solana.mjs): the page's widget, as a dapp's own code holds it.
  Object.assign(window, { __airlockDemoWidget: widget });
  runSolanaCard(widget);
  if (new URLSearchParams(location.search).get('bitcoin') === '1' && config.bitcoinEsploraUrl) runBitcoinCard(widget);
  installThemePicker(widget);
  const provider = widget.getProvider('eip155');
  const walletClient = createWalletClient({ transport: custom(provider) });
  if (demoSiwxOptions(config.siwx === true).siwx) installSiwxPanel(widget, provider);

  const ui = {
    account: byTestId('dapp-account'),
    chain: byTestId('dapp-chain'),
    status: byTestId('dapp-status'),
    signature: byTestId('dapp-signature'),
    tx: byTestId('dapp-tx'),
    txHash: byTestId('dapp-tx-hash'),
    error: byTestId('dapp-error'),
    events: byTestId<HTMLOListElement>('dapp-events'),
    network: byId<HTMLSelectElement>('network'),
  };

  let account: Address | null = null;
  let chainId: number | undefined;

  const setAccount = (accounts: unknown): void => {
    const first = Array.isArray(accounts) ? accounts[0] : undefined;
    account = typeof first === 'string' ? (checksum(first) as Address) : null;
    ui.account.textContent = account ?? Message.NotConnected;
  };
  const setChain = (value: unknown): void => {
    const id = decimalChainId(value);
    if (id === undefined) return;
    chainId = id;
    ui.chain.textContent = String(id);
    const option = [...ui.network.options].find((o) => o.value === `eip155:${id}`);
    if (option) ui.network.value = option.value;
  };
  const setStatus = (status: string): void => {
    ui.status.textContent = status;
    ui.status.dataset.status = status;
  };
  const logEvent = (line: string): void => {
    const item = document.createElement('li');
    item.textContent = line;
    ui.events.append(item);
    while (ui.events.children.length > MAX_EVENTS) ui.events.firstElementChild?.remove();
  };

  /** Runs a user action: clears `dapp-error` on success, shows `<code>: <message>` on failure. */
  const run = async (action: () => Promise<void>): Promise<void> => {
    try {
      await action();
      ui.error.textContent = '';
    } catch (error) {
      ui.error.textContent = formatError(error);
    }
  };

  /** The connected account, asking the provider (eth_accounts) when no event told us yet. */
  const currentAccount = async (): Promise<Address> => {
    if (account) return account;
    setAccount(await walletClient.getAddresses());
    if (!account) throw new ProviderRpcError(4100, Message.NotConnected);
    return account;
  };

  // Networks: one option per configured eip155 network, valued by its CAIP-2 id.
  for (const network of config.networks.filter((n) => n.chainNamespace === 'eip155')) {
    ui.network.append(new Option(network.name, network.caipNetworkId));
  }

  // Provider events (EIP-1193).
  provider.on('connect', (info) => {
    logEvent(eventLine('connect', info));
    setChain(info.chainId);
    void walletClient.getAddresses().then(setAccount, () => undefined);
  });
  provider.on('accountsChanged', (accounts) => {
    logEvent(eventLine('accountsChanged', accounts));
    setAccount(accounts);
  });
  provider.on('chainChanged', (value) => {
    logEvent(eventLine('chainChanged', value));
    setChain(value);
  });
  provider.on('disconnect', () => {
    logEvent(eventLine('disconnect'));
    setAccount([]);
  });

  // Widget state (status of spec §4).
  setStatus(widget.getState()?.status ?? 'loading');
  widget.subscribe((state) => setStatus(state.status));

  // Initial reads: accounts without a prompt, and the chain.
  void walletClient.getAddresses().then(setAccount, (error: { code?: unknown }) => {
    if (error?.code !== 4100) ui.error.textContent = formatError(error);
  });
  void walletClient.getChainId().then(setChain, (error: unknown) => {
    ui.error.textContent = formatError(error);
  });

  byId('connect').addEventListener('click', () => run(async () => setAccount(await walletClient.requestAddresses())));
  byId('open').addEventListener('click', () =>
    run(async () => {
      await widget.open();
    }),
  );
  byId('disconnect').addEventListener('click', () =>
    run(async () => {
      await widget.disconnect();
    }),
  );

  byId('sign').addEventListener('click', () =>
    run(async () => {
      ui.signature.textContent = '';
      const address = await currentAccount();
      const signature = await walletClient.signMessage({ account: address, message: SIGN_MESSAGE });
      const valid = await verifyMessage({ address, message: SIGN_MESSAGE, signature });
      ui.signature.textContent = valid ? 'valid' : 'invalid';
    }),
  );

  byId('send').addEventListener('click', () =>
    run(async () => {
      ui.txHash.textContent = '';
      ui.tx.textContent = '';
      const address = await currentAccount();
      const activeId = await walletClient.getChainId();
      const network = config.networks.find((n) => n.chainNamespace === 'eip155' && Number(n.id) === activeId);
      if (!network) throw new ProviderRpcError(4901, Message.ChainNotSupported);
      const chain = toViemChain(network);
      const wallet = createWalletClient({ chain, transport: custom(provider) });
      ui.tx.textContent = 'pending';
      try {
        const hash = await wallet.sendTransaction({ account: address, to: RECIPIENT, value: parseEther('0.01') });
        ui.txHash.textContent = hash;
        const publicClient = createPublicClient({ chain, transport: custom(provider) });
        const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 250 });
        ui.tx.textContent = receipt.status;
      } catch (error) {
        ui.tx.textContent = '';
        throw error;
      }
    }),
  );

  ui.network.addEventListener('change', () =>
    run(async () => {
      const target = ui.network.value as `${string}:${string}`;
      try {
        await widget.switchNetwork(target);
      } catch (error) {
        if (chainId !== undefined) ui.network.value = `eip155:${chainId}`;
        throw error;
      }
    }),
  );
}

start();

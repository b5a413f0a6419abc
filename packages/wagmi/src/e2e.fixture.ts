/**
 * The wagmi dapp of `e2e/wagmi.spec.ts` (page `e2e/fixtures/wagmi.html`): `@wagmi/core` with the
 * Airlock connector and nothing else, the in-page Dev Wallet approving every request. The spec
 * bundles this file with esbuild into `e2e/fixtures/dist/wagmi.js`. Not part of the package.
 */
import { createWidget } from '@airlock/host-sdk';
import {
  connect,
  createConfig,
  disconnect,
  getConnection,
  http,
  reconnect,
  sendTransaction,
  signMessage,
  switchChain,
  waitForTransactionReceipt,
  watchConnection,
} from '@wagmi/core';
import { parseEther, verifyMessage, type Chain, type Transport } from 'viem';
import { eip155ChainId } from '@airlock/protocol';
import { toViemChain } from '../../../apps/demo-dapp/src/chain.ts';
import { readDemoConfig } from '../../../apps/demo-dapp/src/config.ts';
import { installDevWallet } from '../../../apps/demo-dapp/src/devWallet/index.ts';
import { airlock } from './index.ts';

const demo = readDemoConfig();
installDevWallet({ networks: demo.networks, autoApprove: true });
const widget = createWidget({ projectId: demo.projectId, networks: demo.networks, frameUrl: demo.frameUrl });
// A wagmi dapp has the EVM networks only (the demo config also lists Solana Local).
const chains = demo.networks.filter((n) => eip155ChainId(n.caipNetworkId) !== null).map(toViemChain) as [
  Chain,
  ...Chain[],
];
const config = createConfig({
  chains,
  connectors: [airlock({ widget })],
  // The page's own wallets reach the dapp through the widget, not as wagmi connectors of their own.
  multiInjectedProviderDiscovery: false,
  transports: Object.fromEntries(chains.map((c) => [c.id, http()])) as Record<number, Transport>,
});

const show = (id: string, text: string) => {
  document.querySelector(`[data-testid="${id}"]`)!.textContent = text;
};
const button = (name: string, action: () => Promise<void>) =>
  document
    .querySelector(`button[name="${name}"]`)!
    .addEventListener('click', () =>
      action().catch((e: { code?: number; message: string }) => show('wagmi-error', `${e.code ?? ''}: ${e.message}`)),
    );

const render = () => {
  const c = getConnection(config);
  show('wagmi-status', c.status);
  show('wagmi-account', c.address ?? 'Not connected');
  show('wagmi-chain', c.chainId === undefined ? '-' : String(c.chainId));
  show('wagmi-connector', c.connector ? `${c.connector.name} (${c.connector.type})` : '-');
};
watchConnection(config, { onChange: render });
// The widget's own view of the chain, to compare with wagmi's.
widget.subscribe((s) => show('widget-chain', s.caipNetworkId.split(':')[1]!));
render();

button('connect', async () => {
  await connect(config, { connector: config.connectors[0]! });
});
button('sign', async () => {
  const message = 'Sign in with wagmi';
  const signature = await signMessage(config, { message });
  const address = getConnection(config).address!;
  show('wagmi-signature', (await verifyMessage({ address, message, signature })) ? 'valid' : 'invalid');
});
button('send', async () => {
  show('wagmi-tx', 'pending');
  const hash = await sendTransaction(config, {
    to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    value: parseEther('0.01'),
  });
  show('wagmi-tx', (await waitForTransactionReceipt(config, { hash })).status);
});
button('switch', async () => {
  await switchChain(config, { chainId: chains[1]!.id });
});
button('disconnect', async () => {
  await disconnect(config);
});

// wagmi's reconnect after a reload (the connector's isAuthorized + connect({ isReconnecting })):
// how many connections it restored.
void reconnect(config).then((connections) => show('wagmi-reconnected', `${connections.length} restored`));

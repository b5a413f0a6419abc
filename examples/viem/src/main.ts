import { createWidget } from '@airlock/host-sdk';
import { createPublicClient, createWalletClient, custom, defineChain, http, parseEther, verifyMessage } from 'viem';
import { FRAME_URL, network, PROJECT_ID } from './network.ts';

const MESSAGE = 'Hello from the Airlock viem example';
/** Anvil's account 1. */
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const widget = createWidget({ projectId: PROJECT_ID, networks: [network], frameUrl: FRAME_URL });
const chain = defineChain({
  id: 31337,
  name: network.name,
  nativeCurrency: network.nativeCurrency,
  rpcUrls: network.rpcUrls,
});
const wallet = createWalletClient({ chain, transport: custom(widget.getProvider('eip155')) });
const publicClient = createPublicClient({ chain, transport: http() });

const show = (id: string, text: string) => {
  document.querySelector(`[data-testid="${id}"]`)!.textContent = text;
};
/** Runs a button's action; shows its error (EIP-1193 code and message) instead of throwing. */
const onClick = (id: string, action: () => Promise<void>) =>
  document.getElementById(id)!.addEventListener('click', () => {
    show('error', '');
    action().catch((e: { code?: number; message?: string }) => show('error', `${e.code ?? ''} ${e.message ?? e}`));
  });

/** The connected account; opens the widget's modal when there is none. */
const account = async () => {
  const [address] = await wallet.requestAddresses();
  show('account', address!);
  return address!;
};

onClick('connect', async () => void (await account()));
onClick('sign', async () => {
  const address = await account();
  const signature = await wallet.signMessage({ account: address, message: MESSAGE });
  show('signature', (await verifyMessage({ address, message: MESSAGE, signature })) ? 'valid' : 'invalid');
});
onClick('send', async () => {
  const hash = await wallet.sendTransaction({ account: await account(), to: RECIPIENT, value: parseEther('0.01') });
  show('tx', (await publicClient.waitForTransactionReceipt({ hash })).status);
});

import { createWidget } from '@airlock/host-sdk';
import { BrowserProvider, parseEther, verifyMessage } from 'ethers';
import { FRAME_URL, network, PROJECT_ID } from './network.ts';

const MESSAGE = 'Hello from the Airlock ethers example';
/** Anvil's account 1. */
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const widget = createWidget({ projectId: PROJECT_ID, networks: [network], frameUrl: FRAME_URL });
// ethers v6 over the widget's EIP-1193 provider; `getSigner()` sends eth_requestAccounts (opens the modal).
const provider = new BrowserProvider(widget.getProvider('eip155'));

const show = (id: string, text: string) => {
  document.querySelector(`[data-testid="${id}"]`)!.textContent = text;
};
/** Runs a button's action; shows its error (EIP-1193 code and message) instead of throwing. */
const onClick = (id: string, action: () => Promise<void>) =>
  document.getElementById(id)!.addEventListener('click', () => {
    show('error', '');
    action().catch((e: { code?: unknown; message?: string }) => show('error', `${e.code ?? ''} ${e.message ?? e}`));
  });

/** The connected account's signer; opens the widget's modal when there is none. */
const signer = async () => {
  const s = await provider.getSigner();
  show('account', s.address);
  return s;
};

onClick('connect', async () => void (await signer()));
onClick('sign', async () => {
  const s = await signer();
  const signature = await s.signMessage(MESSAGE);
  show('signature', verifyMessage(MESSAGE, signature) === s.address ? 'valid' : 'invalid');
});
onClick('send', async () => {
  const tx = await (await signer()).sendTransaction({ to: RECIPIENT, value: parseEther('0.01') });
  const receipt = await tx.wait();
  show('tx', receipt?.status === 1 ? 'success' : 'reverted');
});

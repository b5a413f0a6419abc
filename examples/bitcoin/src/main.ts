import { createWidget } from '@airlock/host-sdk';
import { bitcoin } from '@airlock/host-sdk/bitcoin';
import { FRAME_URL, network, PROJECT_ID } from './network.ts';

const MESSAGE = 'Hello from the Airlock Bitcoin example';

/** A bip122 account as `getProvider('bip122')` answers it. */
type Bip122Account = { address: string; purpose: 'payment' | 'ordinals'; publicKey?: string };

const widget = createWidget({
  projectId: PROJECT_ID,
  networks: [network],
  frameUrl: FRAME_URL,
  extensions: [bitcoin()],
});
const btc = widget.getProvider('bip122');

const show = (id: string, text: string) => {
  document.querySelector(`[data-testid="${id}"]`)!.textContent = text;
};
/** Runs a button's action; shows its error (code and message) instead of throwing. */
const onClick = (id: string, action: () => Promise<void>) =>
  document.getElementById(id)!.addEventListener('click', () => {
    show('error', '');
    action().catch((e: { code?: number; message?: string }) => show('error', `${e.code ?? ''} ${e.message ?? e}`));
  });

/** The connected payment address; opens the widget's modal when there is none. */
const payment = async () => {
  const accounts = (await btc.request({ method: 'requestAccounts' })) as Bip122Account[];
  const { address } = accounts.find((a) => a.purpose === 'payment')!;
  show('account', address);
  return address;
};

show('message', MESSAGE);
// The wallet's account changes reach the page as `accountsChanged` ([payment address], [] when it goes).
btc.on('accountsChanged', (accounts) => show('account', (accounts as string[])[0] ?? 'Not connected'));
onClick('connect', async () => void (await payment()));
/** Signs {@link MESSAGE} with the payment address: BIP-322 simple, or the legacy ECDSA (BIP-137) signature. */
const sign = (protocol: 'bip322' | 'ecdsa') => async () => {
  const address = await payment();
  show('signature', '');
  show('protocol', protocol === 'ecdsa' ? 'ECDSA' : 'BIP-322');
  const { signature } = (await btc.request({
    method: 'signMessage',
    params: [{ address, message: MESSAGE, protocol }],
  })) as { signature: string };
  show('signature', signature);
};
onClick('sign', sign('bip322'));
onClick('sign-ecdsa', sign('ecdsa'));

import { createWidget } from '@airlock/host-sdk';
import { getPolkadotProvider, polkadot } from '@airlock/host-sdk/polkadot';
import { stringToHex } from '@polkadot/util';
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto';
import { FRAME_URL, network, PROJECT_ID } from './network.ts';

const MESSAGE = 'Hello from the Airlock Polkadot example';

const widget = createWidget({
  projectId: PROJECT_ID,
  networks: [network],
  frameUrl: FRAME_URL,
  extensions: [polkadot()],
});
const provider = getPolkadotProvider(widget);

const show = (id: string, text: string) => {
  document.querySelector(`[data-testid="${id}"]`)!.textContent = text;
};
/** Runs a button's action; shows its error (EIP-1193 code and message) instead of throwing. */
const onClick = (id: string, action: () => Promise<void>) =>
  document.getElementById(id)!.addEventListener('click', () => {
    show('error', '');
    action().catch((e: { code?: number; message?: string }) => show('error', `${e.code ?? ''} ${e.message ?? e}`));
  });

/** The connected account; `enable` opens the widget's modal when there is none. The answer is an injected extension's `Injected`. */
const account = async () => {
  const injected = await provider.enable('Airlock Polkadot example');
  const [first] = await injected.accounts.get();
  show('account', first!.address);
  return { injected, address: first!.address };
};

onClick('connect', async () => void (await account()));
onClick('sign', async () => {
  const { injected, address } = await account();
  // The injected signer's signRaw, as @polkadot/api's `signer` option would use it; checked here.
  const data = stringToHex(MESSAGE);
  const { signature } = await injected.signer.signRaw({ address, data, type: 'bytes' });
  await cryptoWaitReady();
  show('signature', signatureVerify(data, signature, address).isValid ? 'valid' : 'invalid');
});

import {
  connect,
  getConnection,
  reconnect,
  sendTransaction,
  signMessage,
  verifyMessage,
  waitForTransactionReceipt,
  watchConnection,
} from '@wagmi/core';
import { parseEther } from 'viem';
import { config } from './config.ts';

const MESSAGE = 'Hello from the Airlock wagmi example';
/** Anvil's account 1. */
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const show = (id: string, text: string) => {
  document.querySelector(`[data-testid="${id}"]`)!.textContent = text;
};
/** Runs a button's action; shows its error (EIP-1193 code and message) instead of throwing. */
const onClick = (id: string, action: () => Promise<void>) =>
  document.getElementById(id)!.addEventListener('click', () => {
    show('error', '');
    action().catch((e: { code?: number; shortMessage?: string; message?: string }) =>
      show('error', `${e.code ?? ''} ${e.shortMessage ?? e.message ?? e}`),
    );
  });

watchConnection(config, { onChange: (c) => show('account', c.address ?? 'Not connected') });
void reconnect(config);

/** The connected account; connects through the Airlock connector (the widget's modal) when there is none. */
const account = async () => {
  const current = getConnection(config);
  if (current.address) return current.address;
  const { accounts } = await connect(config, { connector: config.connectors[0]! });
  return accounts[0];
};

onClick('connect', async () => void (await account()));
onClick('sign', async () => {
  const address = await account();
  const signature = await signMessage(config, { message: MESSAGE });
  show('signature', (await verifyMessage(config, { address, message: MESSAGE, signature })) ? 'valid' : 'invalid');
});
onClick('send', async () => {
  await account();
  const hash = await sendTransaction(config, { to: RECIPIENT, value: parseEther('0.01') });
  show('tx', (await waitForTransactionReceipt(config, { hash })).status);
});

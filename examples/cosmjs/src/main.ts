import { createWidget } from '@airlock/host-sdk';
import { cosmos, getCosmosProvider } from '@airlock/host-sdk/cosmos';
import { SigningStargateClient } from '@cosmjs/stargate';
import { CHAIN_ID, COSMOS_URL, FRAME_URL, network, PROJECT_ID } from './network.ts';

/** Cosmos dev account 1 of the stand-in (apps/cosmos-lcd/README.md in the Airlock repository). */
const RECIPIENT = 'cosmos1erxf3sa9q2j4vgseu7jq4a258ckmk7cy076t8z';

const widget = createWidget({
  projectId: PROJECT_ID,
  networks: [network],
  frameUrl: FRAME_URL,
  extensions: [cosmos()],
});
const keplr = getCosmosProvider(widget);

const show = (id: string, text: string) => {
  document.querySelector(`[data-testid="${id}"]`)!.textContent = text;
};
/** Runs a button's action; shows its error (EIP-1193 code and message) instead of throwing. */
const onClick = (id: string, action: () => Promise<void>) =>
  document.getElementById(id)!.addEventListener('click', () => {
    show('error', '');
    action().catch((e: { code?: number; message?: string }) => show('error', `${e.code ?? ''} ${e.message ?? e}`));
  });

/** The connected account; `enable` opens the widget's modal when there is none. */
const account = async () => {
  await keplr.enable(CHAIN_ID);
  const { bech32Address } = await keplr.getKey(CHAIN_ID);
  show('account', bech32Address);
  return bech32Address;
};

onClick('connect', async () => void (await account()));
onClick('send', async () => {
  const address = await account();
  // CosmJS builds, the widget's offline signer signs (in the visitor's wallet), CosmJS broadcasts.
  const client = await SigningStargateClient.connectWithSigner(COSMOS_URL, keplr.getOfflineSigner(CHAIN_ID));
  const fee = { amount: [{ denom: 'ustake', amount: '2000' }], gas: '200000' };
  const result = await client.sendTokens(address, RECIPIENT, [{ denom: 'ustake', amount: '1000' }], fee);
  show('tx', result.code === 0 ? `applied ${result.transactionHash}` : `failed ${result.code}`);
  client.disconnect();
});

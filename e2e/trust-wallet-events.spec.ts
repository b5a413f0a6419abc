import { DEV_ACCOUNT_0 } from '../scripts/ports.mjs';
import { expect, test } from './support/test';
import { capturePenpalPorts, forgeWalletEvent } from './support/trust';
import { connectWithWalletConnect } from './support/walletconnect';
import { DAPP_PROMPT, dapp, modal, shortAddress, showAccount, widget } from './support/widget';

// Wallet events come only from the wallet (docs/threat-model.md): a script on the dapp page
// holds the host's penpal channel and can call any host-to-frame method itself. A forged
// `walletEvent` for the WalletConnect connector (its uuid is a public constant) must change
// nothing: Account and Receive keep the real address, the dapp sees no accountsChanged.

/** The WalletConnect connector's fixed uuid in the frame (public: it ships in the frame's JS). */
const WALLETCONNECT_UUID = '00000000-0000-4000-8000-00000000c0de';
/** The address an attacker would like deposits to go to (anvil account 9). */
const ATTACKER = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';

test('a forged walletEvent accountsChanged for WalletConnect changes neither Account nor Receive', async ({
  page,
  context,
}) => {
  await capturePenpalPorts(page);
  await page.goto(DAPP_PROMPT);
  await connectWithWalletConnect(page, context);
  await page.bringToFront();

  await forgeWalletEvent(page, { type: 'accountsChanged', uuid: WALLETCONNECT_UUID, accounts: [ATTACKER] });

  await expect(dapp(page, 'dapp-account')).toHaveText(DEV_ACCOUNT_0);
  await expect(dapp(page, 'dapp-events')).not.toContainText(new RegExp(ATTACKER.slice(2), 'i'));
  await showAccount(page);
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(DEV_ACCOUNT_0));
  await widget(page).getByRole('button', { name: 'Receive' }).click();
  await expect(modal(page, 'Receive')).toBeVisible();
  await expect(widget(page).getByTestId('receive-address')).toHaveText(DEV_ACCOUNT_0);
});

import { expect, test, urls } from './support/test';
import { approveInSecureFrame, emailLogin, freshEmail } from './support/emailLogin';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';
import { DAPP_PROMPT, showAccount, widget } from './support/widget';

// The secure frame keeps its device keys in IndexedDB: storage partitioning on, as browsers ship it.
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

test('the embedded wallet registers a name: signed in the secure frame, then shown in the Account header and resolved by the provider API for any dapp', async ({
  page,
}) => {
  const email = freshEmail('name');
  await page.goto(DAPP_PROMPT);
  const address = await emailLogin(page, email);
  await showAccount(page);

  // Spec §6: registration is offered to the auth (embedded) connector.
  await widget(page).getByRole('button', { name: 'Choose a name' }).click();
  const label = `airlock-${Date.now().toString(36)}`;
  const name = `${label}.reown.id`;
  await widget(page).getByRole('textbox', { name: 'Account name' }).fill(label);
  await widget(page)
    .getByRole('button', { name: `Register ${name}` })
    .click();
  // The spec §7 message (name, attributes, timestamp) is signed with the secure frame's own approval.
  await approveInSecureFrame(page);
  await expect(widget(page).getByTestId('name-registered')).toHaveText(`${name} is yours`);
  await widget(page).getByRole('button', { name: 'Back to account' }).click();
  await expect(widget(page).getByTestId('account-name')).toContainText(name);
  // A named account is not offered another name.
  await expect(widget(page).getByRole('button', { name: 'Choose a name' })).toHaveCount(0);

  // The provider API resolves it for any dapp (spec §7 /v1/identity and /v1/profile/reverse).
  const identity = await fetch(`${urls.api}/v1/identity/${address}?projectId=airlock-dev&st=airlock`).then((r) =>
    r.json(),
  );
  expect(identity.name).toBe(name);
});

import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { ADDRESS, DAPP_AUTO_APPROVE, dapp, showAccount, widget } from './support/widget';

/**
 * No text is cut off in the Account view's action rows and the Activity rows, in English,
 * Spanish and Arabic (issue: 'Disconn…', '100 DEV → 2…', Arabic fragments). Activity gets the
 * account's real history plus two rows with long amounts (a swap, a large receive) added to the
 * API's answer, so the widest amounts the rows can meet are on screen. With AIRLOCK_SCREENSHOTS
 * set, the Activity tab is saved as `fit-activity-<locale>.png`.
 */

const SHOTS = process.env.AIRLOCK_SCREENSHOTS;

const LOCALES = [
  { locale: 'en', account: 'Account', activity: 'Activity', close: 'Close' },
  { locale: 'es', account: 'Cuenta', activity: 'Actividad', close: 'Cerrar' },
  { locale: 'ar', account: 'الحساب', activity: 'النشاط', close: 'إغلاق' },
] as const;

/** Two history items with long amounts, in the API's shape (spec §3), mined now. */
function longRows(address: string) {
  const minedAt = new Date().toISOString();
  const meta = (operationType: string, n: number) => ({
    operationType,
    hash: `0x${String(n).repeat(64)}`,
    minedAt,
    sentFrom: address,
    sentTo: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    status: 'confirmed',
    chain: 'eip155:31337',
  });
  return [
    {
      id: 'fit-swap',
      metadata: meta('trade', 7),
      transfers: [
        { fungible_info: { symbol: 'DEV' }, direction: 'out', quantity: { numeric: '100.123456' } },
        { fungible_info: { symbol: 'USDD' }, direction: 'in', quantity: { numeric: '250.308640' } },
      ],
    },
    {
      id: 'fit-receive',
      metadata: meta('receive', 8),
      transfers: [
        {
          fungible_info: { symbol: 'DEV' },
          direction: 'in',
          sender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
          quantity: { numeric: '9999490.125' },
        },
      ],
    },
  ];
}

/** The texts under `root` whose content is wider than their box (`scrollWidth > clientWidth`). */
async function cutOff(root: Locator, selector: string): Promise<string[]> {
  return root.evaluate(
    (el, sel) =>
      Array.from(el.querySelectorAll<HTMLElement>(sel))
        .filter((e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth)
        .map((e) => `${e.className}: ${e.textContent} (${e.scrollWidth} > ${e.clientWidth})`),
    selector,
  );
}

/** The labels among `labels` that take more than one line (their text's line boxes). */
async function wrapped(labels: Locator): Promise<string[]> {
  return labels.evaluateAll((els) =>
    els
      .filter((e) => {
        const range = document.createRange();
        range.selectNodeContents(e);
        const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
        return tops.size > 1;
      })
      .map((e) => e.textContent ?? ''),
  );
}

/** Connects the Dev Wallet from Connect and shows Account (titled, and its Close named, in the modal's language). */
async function showAccountIn(page: Page, title: string, closeName: string): Promise<void> {
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await widget(page).getByRole('button', { name: 'Dev Wallet' }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS);
  await showAccount(page, title, closeName);
}

for (const { locale, account, activity, close } of LOCALES) {
  test(`${locale}: no action label or Activity text is wider than its box, and amounts are localized`, async ({
    page,
  }) => {
    await page.route(/\/v1\/account\/[^/]+\/history/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: unknown[]; next?: string | null };
      const url = new URL(route.request().url());
      // The first page only (a next page has a cursor).
      if (url.searchParams.has('cursor')) return route.fulfill({ response, json: body });
      const address = decodeURIComponent(url.pathname.split('/')[3] ?? '');
      await route.fulfill({ response, json: { ...body, data: [...longRows(address), ...body.data] } });
    });
    await page.goto(`${DAPP_AUTO_APPROVE}&locale=${locale}`);
    await showAccountIn(page, account, close);
    const dialog = widget(page).getByRole('dialog', { name: account });
    // Every action row (Buy, Swap, Receive, Send) shows its whole label, on one line in the modal's width.
    const labels = dialog.locator('.airlock-action-label');
    await expect(labels.last()).toBeVisible();
    expect(await cutOff(dialog, '.airlock-action-label')).toEqual([]);
    expect(await wrapped(labels)).toEqual([]);
    // A narrow phone (320 px): the rows keep the whole label (it may wrap, never cut).
    const size = page.viewportSize();
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await cutOff(dialog, '.airlock-action-label')).toEqual([]);
    if (size) await page.setViewportSize(size);

    await dialog.getByRole('tab', { name: activity }).click();
    // The amounts in the modal's language (Spanish '9999490,125', not '9999490.125').
    const [out, got, big] = await page.evaluate(
      (lang) =>
        [
          ['100.123456', 6],
          ['250.30864', 5],
          ['9999490.125', 3],
        ].map(([n, d]) =>
          new Intl.NumberFormat(lang, {
            minimumFractionDigits: d as number,
            maximumFractionDigits: d as number,
            useGrouping: false,
          }).format(n as unknown as number),
        ),
      locale,
    );
    const swap = dialog.getByTestId('activity-item').first();
    await expect(swap.getByTestId('activity-amount')).toHaveText(`\u2212${out} DEV+${got} USDD`);
    const receive = dialog.getByTestId('activity-item').nth(1);
    await expect(receive.getByTestId('activity-amount')).toHaveText(`+${big} DEV`);
    // Amounts read left to right as one unit, also inside Arabic text.
    await expect(receive.getByTestId('activity-amount')).toHaveCSS('direction', 'ltr');
    expect(
      await cutOff(
        dialog,
        '[data-testid="activity-label"], [data-testid="activity-amount"], [data-testid="activity-status"], .airlock-activity-sub',
      ),
    ).toEqual([]);
    if (SHOTS) await dialog.screenshot({ path: `${SHOTS}/fit-activity-${locale}.png` });
  });
}

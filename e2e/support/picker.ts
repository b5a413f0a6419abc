import type { Locator } from '@playwright/test';
import { expect } from './test';

const reEscape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The modal's picker button labelled `label` under `root` (ui/Picker.tsx): named by the label
 * and the choice ('From token ETH'); its value (a CAIP-10 address, `native`, a currency id) is
 * in `data-value`.
 */
export function pickerButton(root: Locator, label: string): Locator {
  return root.getByRole('button', { name: new RegExp(`^${reEscape(label)}( |$)`) });
}

/**
 * Opens the picker labelled `label`, types `title` into its search box and clicks the option
 * named by that title (options are named 'SYMBOL, name, balance'); waits until the picker closes
 * on the choice.
 */
export async function pickOption(root: Locator, label: string, title: string): Promise<void> {
  await pickerButton(root, label).click();
  await root.getByRole('combobox').fill(title);
  await root.getByRole('option', { name: new RegExp(`^${reEscape(title)}(,|$)`) }).click();
  await expect(root.getByRole('listbox')).toHaveCount(0);
  await expect(pickerButton(root, label)).toHaveAccessibleName(new RegExp(`^${reEscape(label)} ${reEscape(title)}$`));
}

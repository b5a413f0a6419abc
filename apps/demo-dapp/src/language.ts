/**
 * The demo's language picker: the widget's `locale` option from `?locale=` (BCP 47, e.g. `es`,
 * `ar`); none → the widget follows the browser's language. Changing the picker reloads the
 * page with the new `?locale=` (the locale is a creation option, docs/sdk.md 'Languages').
 */

/** The `locale` option for `createWidget` from a query string; undefined when absent or empty. */
export function demoLocale(search: string = location.search): string | undefined {
  return new URLSearchParams(search).get('locale')?.trim() || undefined;
}

/** Shows the current `?locale=` in `select` and reloads the page with the picked one. */
export function installLanguagePicker(select: HTMLSelectElement): void {
  select.value = demoLocale() ?? '';
  select.addEventListener('change', () => {
    const url = new URL(location.href);
    if (select.value) url.searchParams.set('locale', select.value);
    else url.searchParams.delete('locale');
    location.assign(url);
  });
}

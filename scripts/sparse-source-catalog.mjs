// @ts-check
/**
 * The frame's translation keys are the English texts themselves, so the English catalog
 * (`apps/frame/src/i18n/locales/en.json`) maps almost every key to itself. i18next answers a key
 * it does not find with the key (interpolated), so those identity entries add nothing at run
 * time, yet English is bundled in the frame's initial JS (the other languages load on demand).
 * {@link sparseSourceCatalog} drops them from the build: the file in the repository stays
 * complete (the i18n check compares it with the source), the bundle keeps only the entries
 * whose text differs from their key (e.g. plural forms `…_one`).
 */

/** The English catalog of the frame. */
const SOURCE_CATALOG = /[\\/]apps[\\/]frame[\\/]src[\\/]i18n[\\/]locales[\\/]en\.json$/;

/**
 * The catalog without its identity entries (key === text).
 * @param {string} json the catalog's JSON text (an object of strings)
 * @returns {{ json: string, removed: number }} the new JSON and how many entries went
 */
export function dropIdentityEntries(json) {
  /** @type {Record<string, string>} */
  const catalog = JSON.parse(json);
  /** @type {Record<string, string>} */
  const kept = {};
  let removed = 0;
  for (const [key, text] of Object.entries(catalog)) {
    if (key === text) removed += 1;
    else kept[key] = text;
  }
  return { json: JSON.stringify(kept), removed };
}

/**
 * A Vite plugin (build only): {@link dropIdentityEntries} on the frame's English catalog.
 * @returns {import('vite').Plugin}
 */
export function sparseSourceCatalog() {
  return {
    name: 'airlock:sparse-source-catalog',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!SOURCE_CATALOG.test(id)) return null;
      return { code: dropIdentityEntries(code).json, map: null };
    },
  };
}

/**
 * A Web Storage (`Storage`) kept in memory: what the frame uses in place of a denied
 * `localStorage`, and what tests pass as a usable one. Values are stored as strings,
 * like the real one. Lost with the page.
 * @param initial entries to start with
 */
export function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

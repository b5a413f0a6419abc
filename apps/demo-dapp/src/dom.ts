/**
 * The element with `data-testid="<testId>"`.
 * @throws Error 'Missing [data-testid=<testId>]' when the page lacks it.
 */
export function byTestId<T extends HTMLElement = HTMLElement>(testId: string, root: ParentNode = document): T {
  const element = root.querySelector<T>(`[data-testid="${testId}"]`);
  if (!element) throw new Error(`Missing [data-testid=${testId}]`);
  return element;
}

/**
 * The element with `id`.
 * @throws Error 'Missing #<id>' when the page lacks it.
 */
export function byId<T extends HTMLElement = HTMLElement>(id: string, root: Document = document): T {
  const element = root.getElementById(id) as T | null;
  if (!element) throw new Error(`Missing #${id}`);
  return element;
}

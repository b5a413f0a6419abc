/**
 * Keyboard focus in the socials slot (WCAG 2.1.1): this frame is drawn over the widget's
 * modal but is not in its DOM, so the widget frame's focus sentinels hand focus in
 * (`focusSlot`) and this frame hands it back when Tab leaves its ends (`slotFocusLeave`).
 * Focus only moves, nothing is activated: a button here still acts only on the visitor's
 * own Enter, Space or click.
 */

/** The element holding the slot's content (ui/App.tsx LoginSlot). */
export const SLOT_SELECTOR = '[data-slot="socials"]';

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The focusable elements of the socials slot in tab order; none when the slot is not shown (an approval shows instead). */
export function slotFocusables(doc: Document = document): HTMLElement[] {
  const root = doc.querySelector(SLOT_SELECTOR);
  return root ? Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
}

/** Focuses the slot's first or last focusable element; false when the slot shows none. */
export function focusSlotEdge(edge: 'first' | 'last', doc: Document = document): boolean {
  const items = slotFocusables(doc);
  const target = edge === 'first' ? items[0] : items[items.length - 1];
  if (!target) return false;
  target.focus();
  return doc.activeElement === target;
}

/** Where the keyboard leaves the slot: past its last element, before its first, or Escape (the modal closes). */
export type SlotLeave = 'next' | 'previous' | 'escape';

/**
 * Watches the keyboard in the slot: Tab on its last element (`next`) or Shift+Tab on its first
 * (`previous`) is taken from the browser (which would leave the frame for the page) and
 * reported to `leave`, as is Escape (`escape`: the widget closes its modal, as Escape does
 * anywhere in it). Returns the function that stops watching.
 */
export function watchSlotTab(leave: (direction: SlotLeave) => void, doc: Document = document): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const items = slotFocusables(doc);
    const active = doc.activeElement;
    if (!items.length || !(active instanceof HTMLElement) || !items.includes(active)) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      leave('escape');
      return;
    }
    if (event.key !== 'Tab') return;
    const edge = event.shiftKey ? items[0] : items[items.length - 1];
    if (active !== edge) return;
    event.preventDefault();
    leave(event.shiftKey ? 'previous' : 'next');
  };
  doc.addEventListener('keydown', onKeyDown);
  return () => doc.removeEventListener('keydown', onKeyDown);
}

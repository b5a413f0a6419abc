import { useEffect, useRef } from 'react';
import { closeModal } from '../actions/modal.ts';
import { SLOT_FOCUS_LEAVE } from '../connectors/embedded/id.ts';
import { useFrame } from '../core/react.ts';

/** Marks the focus sentinels (the modal's focus trap never starts a view on one, ui/Modal.tsx). */
export const SENTINEL_ATTRIBUTE = 'data-slot-sentinel';

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Focuses the modal's focusable element after (`next`) or before (`previous`) `from`, skipping
 * the sentinels and wrapping around as the modal's focus trap does. False when there is none.
 */
export function focusBeside(from: HTMLElement, direction: 'next' | 'previous'): boolean {
  const root = from.closest('[role="dialog"]') ?? from.ownerDocument.body;
  const all = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
  const at = all.indexOf(from);
  const step = direction === 'next' ? 1 : -1;
  for (let i = 1; i < all.length; i++) {
    const el = all[(at + step * i + all.length * 2) % all.length];
    if (el && !el.hasAttribute(SENTINEL_ATTRIBUTE)) {
      el.focus();
      return true;
    }
  }
  return false;
}

/**
 * A focus sentinel around a slot the secure frame (C) is drawn over (SocialRow,
 * PasskeySlot). C's iframe is outside the modal's DOM, so Tab would never reach its
 * buttons (WCAG 2.1.1): the `first` sentinel stands before the slot, the `last` one after
 * it. Tab onto `first` (Shift+Tab onto `last`) focuses the iframe and asks C to focus its
 * first (last) button (`focusSlot`); when C has none, focus moves past the slot. When Tab
 * leaves C past its last button (Shift+Tab: its first), C says so (`slotFocusLeave`) and
 * the `last` (`first`) sentinel moves focus to the modal's element after (before) the slot;
 * Escape there closes the modal.
 * It is never focused for long and is not painted.
 */
export function SlotSentinel({ edge }: { edge: 'first' | 'last' }) {
  const frame = useFrame();
  const ref = useRef<HTMLSpanElement>(null);
  // Past the slot: forward from `first`, backward from `last`.
  const onward = edge === 'first' ? 'next' : 'previous';

  useEffect(() => {
    const iframe = frame.connectors.embedded?.element();
    if (!iframe) return;
    // `next` is this sentinel's to handle when it is the last one; `previous` when the first.
    const mine = edge === 'last' ? 'next' : 'previous';
    const onLeave = (event: Event) => {
      const el = ref.current;
      const detail = (event as CustomEvent).detail;
      if (!el || el.ownerDocument.activeElement !== iframe) return;
      // Escape in C closes the modal as Escape anywhere in it does (ui/Modal.tsx); the first sentinel acts.
      if (detail === 'escape' && edge === 'first') closeModal(frame);
      else if (detail === mine) focusBeside(el, mine);
    };
    iframe.addEventListener(SLOT_FOCUS_LEAVE, onLeave);
    return () => iframe.removeEventListener(SLOT_FOCUS_LEAVE, onLeave);
  });

  const onFocus = () => {
    const el = ref.current;
    const connector = frame.connectors.embedded;
    const iframe = connector?.element();
    if (!el || !connector || !iframe || iframe.style.visibility !== 'visible') {
      if (el) focusBeside(el, onward);
      return;
    }
    iframe.focus();
    void connector.focusSlot(edge).then((answer) => {
      // Nothing to focus in C: on past the slot (unless the visitor moved focus meanwhile).
      if ((!answer.ok || !answer.value.focused) && el.ownerDocument.activeElement === iframe) focusBeside(el, onward);
    });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a focus sentinel, its focus hands over to the secure frame's buttons
    <span
      ref={ref}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a focus sentinel, handing focus to the secure frame's buttons
      tabIndex={0}
      className="airlock-visually-hidden"
      {...{ [SENTINEL_ATTRIBUTE]: edge }}
      data-testid={`slot-sentinel-${edge}`}
      onFocus={onFocus}
    />
  );
}

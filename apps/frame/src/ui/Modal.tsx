import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { closeModal, endShake, shakeModal } from '../actions/modal.ts';
import { afterPaint } from '../core/afterPaint.ts';
import { useFrame, useFrameState } from '../core/react.ts';

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** An error message: an alert, or a paragraph in the error colour ('Connection rejected', …). */
const ERROR_MESSAGE = '[role="alert"], p.airlock-error-text';

/** True when `node` is or holds an error message. */
function holdsErrorMessage(node: Node): boolean {
  return node instanceof Element && (node.matches(ERROR_MESSAGE) || node.querySelector(ERROR_MESSAGE) !== null);
}

/** True when the visitor asked for reduced motion (`prefers-reduced-motion: reduce`). */
function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Props of {@link Modal}. */
export type ModalProps = {
  /** id of the element holding the view title (aria-labelledby). */
  titleId: string;
  /** Changes when the view changes; focus moves into the new view. */
  viewKey: string;
  /**
   * Whether the modal is shown (`modal.open`). Closed, it stays rendered but hidden
   * (`airlock-closed`: not painted, no animation) and `inert` (no click, focus or
   * accessibility tree), so opening is a class change.
   */
  open: boolean;
  /** The header and the view. */
  children: ReactNode;
  /**
   * Embedded mode (FrameConfig `inline`), shown in the page's element: no backdrop, full width, no
   * `aria-modal`, and focus is not moved into the frame by itself (the page keeps it). Default false.
   */
  inline?: boolean;
  /** Called with the content's height in CSS pixels whenever it changes (embedded mode sizes the iframe with it). */
  onHeight?: (height: number) => void;
};

/** The focusable elements inside `root`, in tab order. */
function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * The accessible dialog (WAI-ARIA dialog pattern): `role="dialog"`,
 * `aria-modal="true"`, named by the view title; focus moves to the dialog on open
 * (Tab then reaches the view's first element) and to the new view on every view change; Tab and Shift+Tab stay inside; Escape and a click on
 * the backdrop close it. Its height follows the content with a 150 ms
 * transition and it shakes for 500 ms when an error message appears in it (spec §2);
 * under `prefers-reduced-motion: reduce` nothing animates (the stylesheet) and a
 * requested shake is dropped at once. Closed, it is hidden and inert (see {@link ModalProps.open}).
 */
export function Modal({ titleId, viewKey, open, children, inline = false, onHeight }: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const frame = useFrame();
  const shake = useFrameState((s) => s.modal.shake);
  const [height, setHeight] = useState<number | undefined>(undefined);
  // For the listeners below, registered once.
  const isOpen = useRef(open);
  isOpen.current = open;
  const isInline = useRef(inline);
  isInline.current = inline;
  const reportHeight = useRef(onHeight);
  reportHeight.current = onHeight;

  useLayoutEffect(() => {
    const el = content.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      setHeight(el.offsetHeight);
      reportHeight.current?.(el.offsetHeight);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Spec §2 shake: whenever an error message appears (a view's 'Connection rejected', an alert).
  useEffect(() => {
    const el = content.current;
    if (!el || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver((records) => {
      // Not over the secure frame's approval: it must not move (its visibility gate would restart).
      if (!isOpen.current || el.querySelector('.airlock-approve-slot')) return;
      if (records.some((r) => Array.from(r.addedNodes).some(holdsErrorMessage))) shakeModal(frame);
    });
    observer.observe(el, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [frame]);

  // No animation runs under reduced motion, so no animationend would clear the shake.
  useEffect(() => {
    if (shake && reducedMotion()) endShake(frame);
  }, [frame, shake]);

  /**
   * The first focusable element of the view (not the header's Back / Close, nor a focus
   * sentinel: focus enters the secure frame's slot only by Tab or Shift+Tab, views/SlotSentinel.tsx).
   */
  const firstInView = () =>
    content.current
      ? focusables(content.current).find((el) => !el.closest('header') && !el.hasAttribute('data-slot-sentinel'))
      : undefined;

  // On open, focus goes to the dialog itself: the frame cannot tell a click from a key
  // press in the page, and a ring on the first row after a click looks like a selection.
  // The first Tab then goes to the first row. On a view change after a click or key press
  // inside the frame, focus goes to the new view's first element; the browser's
  // `:focus-visible` heuristic shows a ring only when that came from the keyboard.
  const opened = useRef(false);
  // Whether the visitor clicked or pressed a key in the frame since the modal opened. Only then does
  // focus go to a view's first element: a view that changes by itself, or focus coming back to the
  // frame, before any input keeps it on the dialog (CI once saw the email field take focus, and its
  // ring, right after a mouse open, with no key pressed).
  const interacted = useRef(false);
  const focusInside = () => {
    const root = dialog.current;
    if (!isOpen.current || isInline.current || !root || root.contains(document.activeElement)) return;
    (opened.current && interacted.current ? (firstInView() ?? root) : root).focus();
    // The iframe may still be hidden (the host shows it after the first render): focus
    // lands only later, through the window 'focus' listener below.
    if (document.activeElement === root || root.contains(document.activeElement)) opened.current = true;
  };

  const shown = useRef(open);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on open and on every view change
  useEffect(() => {
    // Closed: the next open focuses the dialog itself again.
    if (!open) {
      opened.current = false;
      interacted.current = false;
      shown.current = false;
      return;
    }
    // Just opened: focus once the revealed modal is painted (focus forces a style update).
    if (!shown.current) {
      shown.current = true;
      return afterPaint(focusInside);
    }
    focusInside();
  }, [viewKey, open]);

  useEffect(() => {
    // The host focuses the iframe only after it shows it: move focus in then, and
    // take Escape wherever focus is in the frame document (spec: Escape closes).
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      closeModal(frame);
    };
    const onInput = () => {
      if (isOpen.current) interacted.current = true;
    };
    window.addEventListener('focus', focusInside);
    document.addEventListener('keydown', onEscape);
    document.addEventListener('keydown', onInput, true);
    document.addEventListener('pointerdown', onInput, true);
    return () => {
      window.removeEventListener('focus', focusInside);
      document.removeEventListener('keydown', onEscape);
      document.removeEventListener('keydown', onInput, true);
      document.removeEventListener('pointerdown', onInput, true);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = focusables(dialog.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (!event.shiftKey && active === dialog.current) {
      event.preventDefault();
      (firstInView() ?? first).focus();
    } else if (event.shiftKey && (active === first || active === dialog.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    // A click on the backdrop is a mouse shortcut (Escape and the Close button do the same from
    // the keyboard); the backdrop is not focusable on purpose (the dialog traps focus).
    <div
      className={`airlock-backdrop${inline ? ' airlock-inline' : ''}${open ? '' : ' airlock-closed'}`}
      inert={!open}
      aria-hidden={open ? undefined : true}
      onClick={(e) => e.target === e.currentTarget && closeModal(frame)}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal={inline ? undefined : 'true'}
        aria-labelledby={titleId}
        tabIndex={-1}
        className={shake ? 'airlock-modal airlock-shake' : 'airlock-modal'}
        onKeyDown={onKeyDown}
        onAnimationEnd={(e) => e.animationName === 'airlock-shake' && endShake(frame)}
        style={height === undefined ? undefined : { height }}
      >
        <div ref={content} className="airlock-modal-content">
          {children}
        </div>
      </div>
    </div>
  );
}

import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

/**
 * Layout and accessibility checks of a translated view (e2e/locale-fit.spec.ts): text that does
 * not fit its box, and axe's serious or critical violations.
 */

/**
 * The texts under `root` cut off by their box: an element holding text whose content is wider
 * than its box (`scrollWidth > clientWidth`: an ellipsis, a clipped or a spilling label), or
 * taller than a box that hides its overflow. Each as `<tag>.<class>: <text> (<content> > <box>)`.
 * Hidden elements and screen-reader-only text (a box of at most 1 pixel) are skipped.
 */
export async function clippedTexts(root: Locator): Promise<string[]> {
  return root.evaluate((container) => {
    const out: string[] = [];
    for (const el of [container, ...Array.from(container.querySelectorAll<HTMLElement>('*'))]) {
      // No box, or a 1-pixel one: hidden, or text for screen readers only (visually hidden).
      if (!(el instanceof HTMLElement) || el.clientWidth <= 1 || el.clientHeight <= 1) continue;
      const ownText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (!ownText && !(el instanceof HTMLButtonElement)) continue;
      const style = getComputedStyle(el);
      const wide = el.scrollWidth > el.clientWidth + 1;
      const tall = style.overflowY !== 'visible' && style.overflowY !== 'auto' && el.scrollHeight > el.clientHeight + 1;
      if (wide || tall)
        out.push(
          `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.trim()} (${wide ? `${el.scrollWidth} > ${el.clientWidth}` : `${el.scrollHeight} > ${el.clientHeight} high`})`,
        );
    }
    return out;
  });
}

/** axe (WCAG 2 A/AA) on the widget iframe `frame` of `page`, nested frames included: the serious and critical violations, one line each. */
export async function seriousViolations(page: Page, frame: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include([frame, 'body']).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

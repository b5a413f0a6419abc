/**
 * `@airlock/host-sdk/inline`: embedded (inline) mode, spec §2, an opt-in entry with its own budget
 * (`scripts/check-budget.mjs`). Pass `inline(element)` in `createWidget({ extensions: [inline(element)] })`:
 * the widget's iframe is then created inside `element` (the page's body gets nothing, spec §2 'unless
 * embedded mode is on') and shows the widget there at all times: Account when connected, otherwise
 * Connect; closing it (its Close button, Escape, `widget.close()`) resets it to that view. The frame
 * learns it from FrameConfig `inline` and reports its height with `setLayout`; the iframe takes the
 * element's width and that height. While the frame shows an approval (`modal: true` in `setLayout`)
 * the same iframe, not moved in the DOM (that would reload it), covers the viewport as the usual
 * modal overlay (docs/threat-model.md "Embedded (inline) mode").
 *
 * The iframe carries no style attribute while inline: it is styled by one constructed stylesheet
 * (`document.adoptedStyleSheets`, CSSOM), so a page whose CSP has no `style-src 'unsafe-inline'`
 * needs nothing more. A dapp without it pays nothing for it.
 */
import { REFUSED_MESSAGE_TYPE as REFUSED } from '@airlock/protocol/refusal';
import type { ExtensionContext, WidgetExtension } from '../widgetTypes.ts';

/** The `setLayout` arguments the frame sends (HostMethods of @airlock/protocol). */
type Layout = { open: boolean; height?: number; modal?: boolean };

/** The attribute that names the inline iframe in the stylesheet (its value tells several widgets apart). */
export const INLINE_ATTRIBUTE = 'data-airlock-inline';

let count = 0;

/**
 * The rule of the iframe of `id`: inline (`modal` false: the element's width, `height` CSS pixels,
 * 0 before the frame's first report) or the modal overlay (fixed over the viewport at `zIndex`,
 * as the core host places it). Pure.
 */
export const inlineRule = (id: string, modal: boolean, height: number, zIndex: number): string =>
  `iframe[${INLINE_ATTRIBUTE}="${id}"]{border:0;background:transparent;color-scheme:normal;` +
  (modal
    ? `position:fixed;inset:0;width:100%;height:100%;z-index:${zIndex}}`
    : `display:block;width:100%;height:${height}px}`);

/**
 * The embedded-mode extension of {@link createWidget}: mounts the iframe in `element` (an element of
 * this page; its content is kept, the iframe goes last) and sizes it to the widget. Use one widget
 * per element. Its `destroy()` (through the widget's) removes the stylesheet; the widget removes the iframe.
 */
export const inline =
  (element: Element): WidgetExtension =>
  (context: ExtensionContext) => {
    const id = `${++count}`;
    const sheet = new CSSStyleSheet();
    const zIndex = context.config.themeVariables?.zIndex ?? 2147483647;
    let frame: HTMLIFrameElement | undefined;
    let modal = false;
    let height = 0;
    const render = () => sheet.replaceSync(inlineRule(id, modal, height, zIndex));
    render();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    context.config.inline = true;
    context.parent = {
      append: (f) => {
        frame = f as HTMLIFrameElement;
        frame.removeAttribute('style'); // the overlay's own styles: the stylesheet places it instead
        frame.setAttribute(INLINE_ATTRIBUTE, id);
        element.append(frame);
      },
    };
    // A frame that refuses this page (`airlock:refused`, from the iframe's own window at the frame's
    // origin) never sends setLayout: its notice shows as the modal overlay, revealed by `open()`
    // and hidden by its Close as the core does, instead of in a 0 px tall element.
    const onMessage = ({ data, origin, source }: MessageEvent) => {
      if (frame && source === frame.contentWindow && origin === new URL(frame.src).origin && data?.type === REFUSED)
        (modal = true), render();
    };
    addEventListener('message', onMessage);
    // The core's setLayout shows and hides the overlay (opacity, inert, focus): used only when the
    // frame goes to or leaves the modal overlay, so the inline widget never takes the page's focus.
    const methods = context.methods as { setLayout: (l: Layout) => Promise<unknown> };
    const core = methods.setLayout;
    methods.setLayout = async (l) => {
      if (l.height !== undefined) height = l.height;
      const next = l.modal === true;
      const was = modal;
      modal = next;
      render();
      if (next) return was ? { ok: true, value: null } : core({ open: true });
      // Back inline (or the first report): the core hides and gives focus back, and then the inline
      // widget shows again, in the same task (never painted hidden), with no style attribute.
      if (was) void core({ open: false });
      if (frame) {
        frame.removeAttribute('style');
        frame.inert = false;
      }
      return { ok: true, value: null };
    };
    return () => {
      removeEventListener('message', onMessage);
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  };

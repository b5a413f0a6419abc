// @vitest-environment happy-dom
import type { Network } from '@airlock/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWidget, type Widget } from '../createWidget.ts';
import type { ExtensionContext } from '../widgetTypes.ts';
import { INLINE_ATTRIBUTE, inline, inlineRule } from './index.ts';

const network: Network = {
  id: 31337,
  name: 'Anvil A',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:18545'] } },
};
const frameUrl = 'http://127.0.0.1:15174/';

/** A context as createWidget builds it, with the core's setLayout recorded. */
const fakeContext = () => {
  const core = vi.fn(async (_: { open: boolean }) => ({ ok: true as const, value: null }));
  const context = {
    methods: { setLayout: core },
    providers: new Map(),
    send: () => {},
    request: () => async () => null,
    emitter: () => ({}) as never,
    config: { projectId: 'p', networks: [network], parentOrigin: 'http://localhost' },
  } as unknown as ExtensionContext;
  return {
    context,
    core,
    setLayout: (l: object) => (context.methods as { setLayout: (l: object) => Promise<unknown> }).setLayout(l),
  };
};

/** The rule the extension's stylesheet holds now. */
const rule = () => [...document.adoptedStyleSheets].flatMap((s) => [...s.cssRules].map((r) => r.cssText)).join('\n');

let widget: Widget | undefined;
/** The extensions started on fake contexts, stopped after each test (their page listeners go). */
const stops: (() => void)[] = [];
const start = (element: Element, context: ExtensionContext) => {
  const stop = inline(element)(context) as () => void;
  stops.push(stop);
  return stop;
};
beforeEach(() => {
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue({
    postMessage: () => {},
  } as unknown as Window);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  document.adoptedStyleSheets = [];
  document.body.innerHTML = '';
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  widget?.destroy();
  widget = undefined;
  vi.restoreAllMocks();
});

describe('inlineRule', () => {
  it('is the element-width block at the given height inline, and the fixed full-viewport overlay as a modal', () => {
    expect(inlineRule('1', false, 420, 5)).toBe(
      `iframe[${INLINE_ATTRIBUTE}="1"]{border:0;background:transparent;color-scheme:normal;display:block;width:100%;height:420px}`,
    );
    expect(inlineRule('2', true, 420, 5)).toBe(
      `iframe[${INLINE_ATTRIBUTE}="2"]{border:0;background:transparent;color-scheme:normal;position:fixed;inset:0;width:100%;height:100%;z-index:5}`,
    );
  });
});

describe('inline(element)', () => {
  it("mounts the widget's iframe in the element (not on body) with `inline: true` in the frame config, and no style attribute", () => {
    const element = document.createElement('div');
    document.body.append(element);
    widget = createWidget({ projectId: 'p', networks: [network], frameUrl, extensions: [inline(element)] });
    void widget.open().catch(() => {}); // mounts now
    const frame = element.querySelector('iframe')!;
    expect(frame).not.toBeNull();
    expect(document.querySelectorAll('body > iframe')).toHaveLength(0);
    const config = JSON.parse(new URL(frame.src).searchParams.get('config')!);
    expect(config.inline).toBe(true);
    // Hidden (inert, the core's opacity) until the frame's first setLayout; the stylesheet places it.
    expect(frame.inert).toBe(true);
    expect(frame.getAttribute(INLINE_ATTRIBUTE)).toMatch(/^\d+$/);
  });

  it("shows the iframe at the frame's height on the first report, never calling the core's setLayout (no focus taken)", async () => {
    const element = document.createElement('div');
    const { context, core, setLayout } = fakeContext();
    start(element, context);
    const frame = document.createElement('iframe');
    frame.style.cssText = 'position:fixed';
    frame.inert = true;
    context.parent!.append(frame);
    expect(element.lastElementChild).toBe(frame);
    expect(frame.hasAttribute('style')).toBe(false);
    expect(context.config.inline).toBe(true);

    expect(await setLayout({ open: true, height: 480, modal: false })).toEqual({ ok: true, value: null });
    expect(frame.inert).toBe(false);
    expect(frame.hasAttribute('style')).toBe(false);
    expect(rule()).toContain('height: 480px');
    expect(core).not.toHaveBeenCalled();
  });

  it('goes to the modal overlay through the core (shown, focused) and back inline through the core (focus returned), unstyled again', async () => {
    const element = document.createElement('div');
    const { context, core, setLayout } = fakeContext();
    start(element, context);
    const frame = document.createElement('iframe');
    context.parent!.append(frame);
    await setLayout({ open: true, height: 300, modal: false });

    await setLayout({ open: true, height: 300, modal: true });
    expect(core).toHaveBeenLastCalledWith({ open: true });
    expect(rule()).toContain('position: fixed');
    expect(rule()).toContain('z-index: 2147483647');
    await setLayout({ open: true, height: 310, modal: true }); // a height change while modal: no second call
    expect(core).toHaveBeenCalledTimes(1);

    frame.style.opacity = '0'; // what the core's hide would leave
    frame.inert = true;
    await setLayout({ open: true, height: 320, modal: false });
    expect(core).toHaveBeenLastCalledWith({ open: false });
    expect(core).toHaveBeenCalledTimes(2);
    expect(frame.hasAttribute('style')).toBe(false);
    expect(frame.inert).toBe(false);
    expect(rule()).toContain('height: 320px');
  });

  it("shows a refusing frame's notice as the modal overlay, only on the refusal from the iframe's own window and origin", () => {
    const { context } = fakeContext();
    const element = document.createElement('div');
    document.body.append(element);
    start(element, context);
    const frame = document.createElement('iframe');
    frame.src = 'http://127.0.0.1:15174/?config=%7B%7D';
    context.parent!.append(frame);
    const refusal = (origin: string, source: unknown) =>
      dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'airlock:refused', reason: 'x' },
          origin,
          source: source as Window,
        }),
      );
    refusal('http://127.0.0.1:15174', window); // another window
    refusal('http://127.0.0.1:9999', frame.contentWindow); // another origin
    expect(rule()).toContain('height: 0px');
    refusal('http://127.0.0.1:15174', frame.contentWindow);
    expect(rule()).toContain('position: fixed');
  });

  it('places the modal overlay at the z-index of the theme variables, and its destroy removes the stylesheet', () => {
    const { context } = fakeContext();
    context.config.themeVariables = { zIndex: 40 };
    const stop = start(document.createElement('div'), context);
    expect(document.adoptedStyleSheets).toHaveLength(1);
    stop();
    expect(document.adoptedStyleSheets).toHaveLength(0);
  });
});

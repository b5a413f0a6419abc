/**
 * `@airlock/host-sdk/multichain`: the opt-in multichain entry (own budget, see
 * `scripts/check-budget.mjs`). Pass `multichain()` in `createWidget({ extensions: [multichain()] })`;
 * then `getMultichainClient(widget)` (or `widget.getProvider('multichain')`) is a
 * {@link MultichainClient}: one CAIP-25 session across the visitor's wallets of several chain
 * namespaces, the shape of MetaMask's Multichain API (docs/sdk.md). Its calls go through the
 * frame's `request`; the frame's notifications arrive at the host method `multichain.notify`.
 * A dapp without it pays nothing for it.
 */
import type { ExtensionContext, Widget, WidgetExtension } from '../widgetTypes.ts';
import { createMultichainClient, type MultichainClient, type MultichainNotification } from './client.ts';

export type * from './client.ts';

/** The multichain extension of {@link createWidget}: the client and the host method `multichain.notify` (HostMethods of @airlock/protocol). */
export const multichain =
  (): WidgetExtension =>
  ({ methods, providers, request }: ExtensionContext) => {
    const listeners = new Set<(n: MultichainNotification) => void>();
    providers.set('multichain', createMultichainClient(request('eip155') as never, listeners));
    methods.multichain = {
      notify: async (n: MultichainNotification) => (
        listeners.forEach((l) => {
          try {
            l(n);
          } catch (x) {
            console.error(x);
          }
        }),
        { ok: true, value: null }
      ),
    };
  };

/** The widget's {@link MultichainClient}. Requires the {@link multichain} extension. */
export const getMultichainClient = (widget: Widget): MultichainClient =>
  widget.getProvider('multichain' as never) as never;

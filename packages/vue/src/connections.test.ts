// @vitest-environment happy-dom
import { connection, createTestWidget } from '@airlock/testing/widget';
import { renderToString } from '@vue/server-renderer';
import { createApp, createSSRApp, defineComponent, h, nextTick, ref } from 'vue';
import { afterEach, describe, expect, it } from 'vitest';
import { createAirlock, useConnections, useWidget } from './index.ts';

const namespace = ref<'eip155' | 'solana'>('eip155');

/** A wallet list as a dapp would draw it from `useConnections` and `useWidget`. */
const Wallets = defineComponent({
  setup() {
    const connections = useConnections(namespace);
    const { switchConnection, deleteConnection } = useWidget();
    return () =>
      h(
        'ul',
        connections.value.map((c) =>
          h('li', { 'data-testid': 'connection' }, [
            h('span', `${c.name} ${c.accounts[0]?.address} ${c.active ? 'active' : ''}`),
            h(
              'button',
              { onClick: () => void switchConnection({ connectorId: c.connectorId, address: c.accounts[0]!.address }) },
              'Use',
            ),
            h('button', { onClick: () => void deleteConnection({ connectorId: c.connectorId }) }, 'Remove'),
          ]),
        ),
      );
  },
});

const rows = () => [...document.querySelectorAll('[data-testid="connection"] span')].map((e) => e.textContent);
const click = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!.click();
/** Lets the getConnections promise settle and Vue render. */
const settle = async () => {
  await Promise.resolve();
  await nextTick();
};

describe('@airlock/vue useConnections', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    namespace.value = 'eip155';
  });

  it('renders no connection on the server', async () => {
    const html = await renderToString(createSSRApp(Wallets).use(createAirlock({ widget: createTestWidget() })));
    expect(html).toBe('<ul></ul>');
  });

  it("reads the namespace's connections, follows its events and the namespace ref, and calls switch and delete", async () => {
    const widget = createTestWidget();
    widget.emitConnections({ type: 'connections', chainNamespace: 'eip155', connections: [connection] });
    document.body.innerHTML = '<div id="app"></div>';
    const app = createApp(Wallets).use(createAirlock({ widget }));
    app.mount('#app');
    await settle();
    const address = connection.accounts[0]!.address;
    expect(rows()).toEqual([`Dev Wallet ${address} active`]);

    widget.emitConnections({ type: 'connections', chainNamespace: 'solana', connections: [] });
    await settle();
    expect(rows()).toHaveLength(1);

    click('Use');
    click('Remove');
    expect(widget.calls).toEqual([
      'getConnections eip155',
      `switchConnection walletConnect ${address}`,
      'deleteConnection walletConnect',
    ]);

    widget.emitConnections({ type: 'connections', chainNamespace: 'eip155', connections: [] });
    await settle();
    expect(rows()).toEqual([]);

    namespace.value = 'solana';
    await settle();
    expect(widget.calls.at(-1)).toBe('getConnections solana');
    app.unmount();
  });
});

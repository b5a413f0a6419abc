import { defineComponent, h } from 'vue';
import { useAccount, useNetwork, useProvider, useWidget, useWidgetState } from './index.ts';

/** A component of the binding tests: shows every composable's value and has a button per action. */
export const Status = defineComponent({
  setup() {
    const { status, address } = useAccount();
    const { chainId, chainNamespace, switchNetwork } = useNetwork();
    const state = useWidgetState();
    const { widget, open, disconnect } = useWidget();
    const provider = useProvider();
    return () =>
      h('main', [
        h('p', { 'data-testid': 'status' }, status.value),
        h('p', { 'data-testid': 'address' }, address.value ?? 'Not connected'),
        h('p', { 'data-testid': 'chain' }, `${chainNamespace.value ?? '-'} ${chainId.value ?? '-'}`),
        h(
          'p',
          { 'data-testid': 'summary' },
          [
            state.value ? 'state' : 'no state',
            widget.value ? 'widget' : 'no widget',
            provider.value ? 'provider' : 'no provider',
          ].join('|'),
        ),
        h('button', { onClick: () => void open() }, 'Open'),
        h('button', { onClick: () => void switchNetwork('eip155:31338') }, 'Switch'),
        h('button', { onClick: () => void disconnect() }, 'Disconnect'),
      ]);
  },
});

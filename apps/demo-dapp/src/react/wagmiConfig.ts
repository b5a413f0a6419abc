import type { Widget } from '@airlock/host-sdk';
import { airlock } from '@airlock/wagmi';
import type { Chain, Transport } from 'viem';
import { createConfig, http } from 'wagmi';
import { toViemChain } from '../chain.ts';
import type { DemoConfig } from '../config.ts';

/**
 * The page's wagmi config: the demo's eip155 networks as viem chains, one `http()` transport each,
 * and Airlock as the only connector (the page's own wallets reach the dapp through the widget, so
 * wagmi's EIP-6963 discovery is off).
 * @throws Error 'The demo config has no eip155 network' when there is none.
 */
export function createWagmiConfig(demo: DemoConfig, widget: Widget) {
  const chains = demo.networks.filter((n) => n.chainNamespace === 'eip155').map(toViemChain);
  if (!chains.length) throw new Error('The demo config has no eip155 network');
  return createConfig({
    chains: chains as [Chain, ...Chain[]],
    connectors: [airlock({ widget })],
    multiInjectedProviderDiscovery: false,
    transports: Object.fromEntries(chains.map((c) => [c.id, http()])) as Record<number, Transport>,
  });
}

import { createWidget } from '@airlock/host-sdk';
import { airlock } from '@airlock/wagmi';
import { createConfig, http } from '@wagmi/core';
import { defineChain } from 'viem';
import { FRAME_URL, network, PROJECT_ID } from './network.ts';

/** The widget (one per page). */
export const widget = createWidget({ projectId: PROJECT_ID, networks: [network], frameUrl: FRAME_URL });

/** The chain of {@link network} in viem's shape, for wagmi. */
export const chain = defineChain({
  id: 31337,
  name: network.name,
  nativeCurrency: network.nativeCurrency,
  rpcUrls: network.rpcUrls,
});

/**
 * wagmi with Airlock as its connector. The page's own wallets (EIP-6963) reach the dapp through the
 * widget, so wagmi's discovery of them is off.
 */
export const config = createConfig({
  chains: [chain],
  connectors: [airlock({ widget })],
  multiInjectedProviderDiscovery: false,
  transports: { [chain.id]: http() },
});

import type { EIP1193Provider } from '@airlock/host-sdk';
import { createWalletClient, custom, defineChain, type WalletClient } from 'viem';
import { network } from './network.ts';

/** The chain of {@link network} in viem's shape. */
export const chain = defineChain({
  id: 31337,
  name: network.name,
  nativeCurrency: network.nativeCurrency,
  rpcUrls: network.rpcUrls,
});

/** A viem wallet client over the widget's EIP-1193 provider (from `useProvider()`). */
export const walletClient = (provider: EIP1193Provider): WalletClient =>
  createWalletClient({ chain, transport: custom(provider) });

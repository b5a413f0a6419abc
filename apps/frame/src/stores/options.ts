import { create } from 'zustand';
import type { FrameConfig, Network } from '@airlock/protocol';
import type { Deployment } from '../config/deployment.ts';
import type { BootProblem } from '../config/parseConfig.ts';

/** Options store: the verified FrameConfig and the parent origin (spec §3 Dapp data, theme). */
export type OptionsState = {
  /** The dapp's configuration from `?config=`, null until booted or when booting failed. */
  config: FrameConfig | null;
  /** The verified parent origin (DESIGN.md §2), null until verified. */
  parentOrigin: string | null;
  /** Why the frame cannot start (shown as an alert), null when it started. */
  problem: BootProblem | null;
  /** The frame's own deployment (provider API, relay, Verify), null until booted; never from the page. */
  deployment: Deployment | null;
};

/** Options store (zustand). */
export const useOptionsStore = create<OptionsState>(() => ({ config: null, parentOrigin: null, problem: null, deployment: null }));

/** The configured networks (spec §3 Network), in the dapp's order; [] before boot. */
export function getNetworks(): Network[] {
  return useOptionsStore.getState().config?.networks ?? [];
}

/** The configured network with this CAIP-2 id, or undefined when it is not configured. */
export function findNetwork(caipNetworkId: string | null | undefined): Network | undefined {
  return getNetworks().find((n) => n.caipNetworkId === caipNetworkId);
}

import type { CaipNetworkId, FrameConfig, Network, Preferences } from '@airlock/protocol';

/** The configured network with this CAIP-2 id, or undefined when it is not configured. Pure. */
export function findNetwork(config: FrameConfig, caipNetworkId: string | null | undefined): Network | undefined {
  return config.networks.find((n) => n.caipNetworkId === caipNetworkId);
}

/**
 * The network to start on (spec §3 'active network id' in local storage): the stored
 * one when it is configured, otherwise the first configured network. Pure.
 */
export function startingNetwork(config: FrameConfig, preferences: Preferences): CaipNetworkId {
  const network = findNetwork(config, preferences.activeCaipNetworkId) ?? config.networks[0];
  return (network?.caipNetworkId ?? 'eip155:1') as CaipNetworkId;
}

/**
 * The network a connection on `chainNamespace` (CAIP-2 namespace) starts on: `active` when it is
 * a configured network of that namespace, else the first configured one of it, else undefined
 * (the dapp configured none; the wallet then answers its own). Pure.
 */
export function networkOn(config: FrameConfig, chainNamespace: string, active: string): CaipNetworkId | undefined {
  const inNamespace = config.networks.filter((n) => n.chainNamespace === chainNamespace);
  return (inNamespace.find((n) => n.caipNetworkId === active) ?? inNamespace[0])?.caipNetworkId as
    | CaipNetworkId
    | undefined;
}

import type { ChainNamespace, Network } from '@airlock/protocol';

/**
 * WalletConnect session namespaces built from the configured networks
 * (spec §7 'Supported method lists exist for eip155, solana,
 * bip122; default events accountsChanged and chainChanged').
 */

/** A proposal namespace (WalletConnect `ProposalTypes.BaseRequiredNamespace` plus UniversalProvider's rpcMap/defaultChain). */
export type ProposalNamespace = {
  /** CAIP-2 ids, e.g. `['eip155:31337', 'eip155:31338']`. */
  chains: string[];
  /** JSON-RPC methods the dapp may send to the wallet. */
  methods: string[];
  /** Events the wallet may emit. */
  events: string[];
  /** eip155 only: chain reference → http RPC URL, used by UniversalProvider for reads. */
  rpcMap?: Record<string, string>;
  /** The first configured chain of the namespace. */
  defaultChain?: string;
};

/** Methods requested per namespace (spec §7 wallet RPC calls and supported method lists). */
export const NAMESPACE_METHODS: Record<ChainNamespace, readonly string[]> = {
  eip155: [
    'eth_sendTransaction',
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_signTypedData',
    'eth_sign',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'wallet_getCapabilities',
    'wallet_sendCalls',
    'wallet_getCallsStatus',
    'wallet_showCallsStatus',
  ],
  solana: [
    'solana_signMessage',
    'solana_signTransaction',
    'solana_signAndSendTransaction',
    'solana_signAllTransactions',
  ],
  bip122: ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses'],
  polkadot: ['polkadot_signTransaction', 'polkadot_signMessage'],
  cosmos: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'],
};

/** Default events of every namespace (spec §7). */
export const DEFAULT_EVENTS: readonly string[] = ['accountsChanged', 'chainChanged'];

/** Extra events per namespace (bip122 wallets report address changes under their own name). */
const EXTRA_EVENTS: Partial<Record<string, readonly string[]>> = { bip122: ['bip122_addressesChanged'] };

/** What a namespace adds to its proposal entry per network (eip155: the network's RPC URL for UniversalProvider's reads). */
const PROPOSAL_EXTRAS: Partial<Record<string, (entry: ProposalNamespace, network: Network) => void>> = {
  eip155(entry, network) {
    const rpcUrl = network.rpcUrls.default.http[0];
    if (rpcUrl) entry.rpcMap = { ...entry.rpcMap, [String(network.id)]: rpcUrl };
  },
};

/**
 * Builds the session proposal's namespaces from `networks` (spec §3 Network,
 * in the dapp's order): one entry per chainNamespace among eip155, solana,
 * bip122, polkadot and cosmos (others are skipped), with the networks'
 * CAIP-2 ids as `chains` (deduplicated, order kept), that namespace's methods,
 * `accountsChanged` + `chainChanged` (+ namespace extras) as events; eip155
 * also gets `rpcMap` (chain id → first default http RPC URL). Pure.
 */
export function buildNamespaces(networks: readonly Network[]): Record<string, ProposalNamespace> {
  const result: Record<string, ProposalNamespace> = {};
  for (const network of networks) {
    const methods = NAMESPACE_METHODS[network.chainNamespace];
    if (!methods) continue;
    const entry = (result[network.chainNamespace] ??= {
      chains: [],
      methods: [...methods],
      events: [...DEFAULT_EVENTS, ...(EXTRA_EVENTS[network.chainNamespace] ?? [])],
      defaultChain: network.caipNetworkId,
    });
    if (entry.chains.includes(network.caipNetworkId)) continue;
    entry.chains.push(network.caipNetworkId);
    PROPOSAL_EXTRAS[network.chainNamespace]?.(entry, network);
  }
  return result;
}

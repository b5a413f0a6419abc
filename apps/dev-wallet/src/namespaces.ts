import { buildApprovedNamespaces } from '@walletconnect/utils';
import type { ProposalTypes, SessionTypes } from '@walletconnect/types';
import type { HDAccount } from 'viem/accounts';
import type { DevWalletConfig } from './config.ts';
import { BITCOIN_METHODS, bitcoinDevKeys } from './bitcoin.ts';
import { COSMOS_DEV_ADDRESS, COSMOS_METHODS } from './cosmos.ts';
import { POLKADOT_DEV_ADDRESS, POLKADOT_METHODS } from './polkadot.ts';
import { SOLANA_METHODS, solanaDevKey } from './solana.ts';

/**
 * What the Dev Wallet offers a dapp in a WalletConnect session, and how it reads a
 * session proposal. Namespaces follow CAIP-25 as used by WalletConnect v2.
 */

/** EIP-1193 / EIP-3326 / EIP-3085 methods the wallet approves (only some are implemented, see `requests.ts`). */
export const SUPPORTED_METHODS = [
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
] as const;

/** EIP-1193 events the wallet emits through `emitSessionEvent`. */
export const SUPPORTED_EVENTS = ['accountsChanged', 'chainChanged'] as const;

/**
 * The `supportedNamespaces` argument of `buildApprovedNamespaces`: `eip155` with every configured
 * network, every account on each (`eip155:<chainId>:<address>`, CAIP-10, account 0 first),
 * {@link SUPPORTED_METHODS} and {@link SUPPORTED_EVENTS}.
 */
export function supportedNamespaces(config: DevWalletConfig, accounts: readonly HDAccount[]) {
  const chains = config.networks.map((network) => network.caipNetworkId);
  return {
    eip155: {
      chains,
      methods: [...SUPPORTED_METHODS],
      events: [...SUPPORTED_EVENTS],
      accounts: chains.flatMap((chain) => accounts.map((account) => `${chain}:${account.address}`)),
    },
    // With `config.solana`: the solana account of local dev account 1 on that network.
    ...(config.solana
      ? {
          solana: {
            chains: [config.solana.caipNetworkId],
            methods: [...SOLANA_METHODS],
            events: [...SUPPORTED_EVENTS],
            accounts: [`${config.solana.caipNetworkId}:${solanaDevKey().address}`],
          },
        }
      : {}),
    // With `config.bitcoin`: the payment and ordinals addresses of regtest dev account 1.
    ...(config.bitcoin
      ? {
          bip122: {
            chains: [config.bitcoin.caipNetworkId],
            methods: [...BITCOIN_METHODS],
            events: [...SUPPORTED_EVENTS],
            accounts: Object.values(bitcoinDevKeys()).map((key) => `${config.bitcoin!.caipNetworkId}:${key.address}`),
          },
        }
      : {}),
    // With `config.cosmos`: cosmos account 1 of the dev mnemonic (cosmos.ts).
    ...(config.cosmos
      ? {
          cosmos: {
            chains: [config.cosmos.caipNetworkId],
            methods: [...COSMOS_METHODS],
            events: [...SUPPORTED_EVENTS],
            accounts: [`${config.cosmos.caipNetworkId}:${COSMOS_DEV_ADDRESS}`],
          },
        }
      : {}),
    // With `config.polkadot`: the dev key //Bob (polkadot.ts).
    ...(config.polkadot
      ? {
          polkadot: {
            chains: [config.polkadot.caipNetworkId],
            methods: [...POLKADOT_METHODS],
            events: [...SUPPORTED_EVENTS],
            accounts: [`${config.polkadot.caipNetworkId}:${POLKADOT_DEV_ADDRESS}`],
          },
        }
      : {}),
  };
}

/**
 * The namespaces to approve a proposal with: the requested and optional chains, methods and events
 * that the wallet supports (`buildApprovedNamespaces` of `@walletconnect/utils`).
 * @throws Error from `buildApprovedNamespaces` when a required chain, method or event is not
 *   supported (e.g. 'Unsupported chains. approve(), namespaces chains don't satisfy required namespaces.').
 */
export function approvedNamespaces(
  proposal: ProposalTypes.Struct,
  config: DevWalletConfig,
  accounts: readonly HDAccount[],
): SessionTypes.Namespaces {
  return buildApprovedNamespaces({ proposal, supportedNamespaces: supportedNamespaces(config, accounts) });
}

/** One namespace of a proposal as shown to the user. */
export type NamespaceSummary = {
  /** Namespace key as proposed, e.g. `eip155` (or a chain-keyed `eip155:1`). */
  key: string;
  /** `true` for `requiredNamespaces`, `false` for `optionalNamespaces`. */
  required: boolean;
  /** CAIP-2 chain ids. */
  chains: string[];
  /** JSON-RPC methods. */
  methods: string[];
  /** Event names. */
  events: string[];
};

/** Flattens a proposal's required then optional namespaces for display. */
export function summariseNamespaces(
  proposal: Pick<ProposalTypes.Struct, 'requiredNamespaces' | 'optionalNamespaces'>,
): NamespaceSummary[] {
  const rows = (namespaces: ProposalTypes.RequiredNamespaces | undefined, required: boolean): NamespaceSummary[] =>
    Object.entries(namespaces ?? {}).map(([key, namespace]) => ({
      key,
      required,
      chains: namespace.chains ?? (key.includes(':') ? [key] : []),
      methods: namespace.methods ?? [],
      events: namespace.events ?? [],
    }));
  return [...rows(proposal.requiredNamespaces, true), ...rows(proposal.optionalNamespaces, false)];
}

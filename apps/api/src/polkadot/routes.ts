import { isPolkadotAddress } from '@airlock/protocol/polkadot';
import { namespaceBalanceRoutes } from '../namespaceBalances.ts';
import type { PriceSource } from '../prices.ts';
import { getPolkadotBalances } from './balances.ts';
import type { PolkadotChain } from './config.ts';

/**
 * The spec §7 balance call for Polkadot (`GET /v1/account/{address}/balance?chainId=polkadot:…`):
 * the native token's free and reserved balance from the network's JSON-RPC
 * ({@link getPolkadotBalances}); the address may be SS58 in any network's format.
 */
export const polkadotRoutes = (deps: {
  polkadotChains: Map<string, PolkadotChain>;
  prices: PriceSource;
  publicUrl?: string | undefined;
}) =>
  namespaceBalanceRoutes({
    namespace: 'polkadot',
    chains: deps.polkadotChains,
    isAddress: isPolkadotAddress,
    balances: (chain, address, currency, iconUrl) =>
      getPolkadotBalances({ chain, prices: deps.prices }, address, currency, iconUrl),
    prices: deps.prices,
    publicUrl: deps.publicUrl,
  });

import { isCosmosAddress } from '@airlock/protocol/cosmos';
import { namespaceBalanceRoutes } from '../namespaceBalances.ts';
import type { PriceSource } from '../prices.ts';
import { getCosmosBalances } from './balances.ts';
import type { CosmosChain } from './config.ts';

/**
 * The spec §7 balance call for Cosmos (`GET /v1/account/{address}/balance?chainId=cosmos:…`):
 * the native token and the configured denoms from the network's LCD ({@link getCosmosBalances});
 * the address must be a bech32 account with the network's prefix.
 */
export const cosmosRoutes = (deps: {
  cosmosChains: Map<string, CosmosChain>;
  prices: PriceSource;
  publicUrl?: string | undefined;
}) =>
  namespaceBalanceRoutes({
    namespace: 'cosmos',
    chains: deps.cosmosChains,
    isAddress: isCosmosAddress,
    balances: (chain, address, currency, iconUrl) =>
      getCosmosBalances({ chain, prices: deps.prices }, address, currency, iconUrl),
    prices: deps.prices,
    publicUrl: deps.publicUrl,
  });

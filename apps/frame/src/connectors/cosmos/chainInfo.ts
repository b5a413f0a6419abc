import {
  COSMOS_LOCAL_CAIP_NETWORK_ID,
  COSMOS_NETWORKS,
  cosmosLocalNetwork,
  type CosmosNetwork,
} from '@airlock/protocol/cosmos';

/**
 * The chain info the frame suggests to a Keplr-shaped wallet that lacks a network
 * (`experimentalSuggestChain`, Keplr's `ChainInfo`). Built ONLY from the frame's own definition of
 * the network (the protocol's table bundled in the frame: chain id, name, bech32 prefix, coin type,
 * native denomination and its decimals, its public LCD endpoint), never from the page: the page
 * only names which configured network it wants (its CAIP-2 id), so it cannot make the wallet add a
 * chain under a known chain id with another prefix, currency or endpoint.
 */

/** The dev stack's default LCD address of the local network (apps/cosmos-lcd on its default port, scripts/ports.mjs). */
export const COSMOS_LOCAL_DEFAULT_LCD_URL = 'http://127.0.0.1:3003';

/** Keplr's `ChainInfo`, the fields the frame fills. */
export type KeplrChainInfo = {
  chainId: string;
  chainName: string;
  rpc: string;
  rest: string;
  bip44: { coinType: number };
  bech32Config: {
    bech32PrefixAccAddr: string;
    bech32PrefixAccPub: string;
    bech32PrefixValAddr: string;
    bech32PrefixValPub: string;
    bech32PrefixConsAddr: string;
    bech32PrefixConsPub: string;
  };
  currencies: { coinDenom: string; coinMinimalDenom: string; coinDecimals: number }[];
  feeCurrencies: { coinDenom: string; coinMinimalDenom: string; coinDecimals: number }[];
  stakeCurrency: { coinDenom: string; coinMinimalDenom: string; coinDecimals: number };
  features: string[];
};

/** The frame's own definition of each cosmos network it can suggest, by CAIP-2 id (the local one's LCD from the deployment). */
const defined = (localLcdUrl: string | null | undefined): Record<string, CosmosNetwork> => ({
  ...Object.fromEntries(Object.values(COSMOS_NETWORKS).map((n) => [n.caipNetworkId, n])),
  [COSMOS_LOCAL_CAIP_NETWORK_ID]: cosmosLocalNetwork(localLcdUrl || COSMOS_LOCAL_DEFAULT_LCD_URL),
});

/**
 * Keplr's `ChainInfo` of `caipNetworkId` from the frame's own network definition (see above):
 * `rest` (and `rpc`, which the frame does not know apart) its LCD endpoint, the six bech32
 * prefixes derived from the account prefix (`cosmos`, `cosmospub`, `cosmosvaloper`, …), the
 * native denomination as currency, fee and stake currency. The local network's endpoint is
 * `localLcdUrl`, the frame's deployment's `cosmosLocalLcdUrl` (else the stand-in's default port).
 * Null for a network the frame does not define (nothing is suggested then). Pure.
 */
export function cosmosChainInfo(caipNetworkId: string, localLcdUrl?: string | null): KeplrChainInfo | null {
  const networks = defined(localLcdUrl);
  const network = Object.hasOwn(networks, caipNetworkId) ? networks[caipNetworkId] : undefined;
  if (!network) return null;
  const p = network.bech32Prefix;
  const rest = network.rpcUrls.default.http[0]!;
  const currency = {
    coinDenom: network.nativeCurrency.symbol,
    coinMinimalDenom: network.denom,
    coinDecimals: network.nativeCurrency.decimals,
  };
  return {
    chainId: network.chainId,
    chainName: network.name,
    rpc: rest,
    rest,
    bip44: { coinType: network.coinType },
    bech32Config: {
      bech32PrefixAccAddr: p,
      bech32PrefixAccPub: `${p}pub`,
      bech32PrefixValAddr: `${p}valoper`,
      bech32PrefixValPub: `${p}valoperpub`,
      bech32PrefixConsAddr: `${p}valcons`,
      bech32PrefixConsPub: `${p}valconspub`,
    },
    currencies: [currency],
    feeCurrencies: [currency],
    stakeCurrency: currency,
    features: [],
  };
}

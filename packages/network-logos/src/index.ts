import arbitrum from './logos/arbitrum-one.svg?no-inline';
import avalanche from './logos/avalanche.svg?no-inline';
import base from './logos/base.svg?no-inline';
import bnb from './logos/binance-smart-chain.svg?no-inline';
import bitcoin from './logos/bitcoin.svg?no-inline';
import celo from './logos/celo.svg?no-inline';
import cosmosHub from './logos/cosmos-hub.svg?no-inline';
import ethereum from './logos/ethereum.svg?no-inline';
import gnosis from './logos/gnosis.svg?no-inline';
import linea from './logos/linea.svg?no-inline';
import optimism from './logos/optimism.svg?no-inline';
import osmosis from './logos/osmosis.svg?no-inline';
import polkadot from './logos/polkadot.svg?no-inline';
import polygon from './logos/polygon.svg?no-inline';
import scroll from './logos/scroll.svg?no-inline';
import solana from './logos/solana.svg?no-inline';
import unichain from './logos/unichain.svg?no-inline';
import zksync from './logos/zksync.svg?no-inline';
import zora from './logos/zora.svg?no-inline';

/*
 * The marks are SVG files of the npm package @web3icons/core 4.0.56 (MIT; LICENSE-web3icons.txt here; its
 * notice ships beside each app's index.html as network-logos-LICENSE.txt, from the app's public/). This
 * package holds sources only: the app that imports it (the widget frame, the embedded wallet's secure
 * frame) builds each mark as an asset file of its own next to its scripts (`?no-inline`: never a data
 * URI inside a chunk), so each app loads the marks from its own origin, only when a view shows one.
 */

/**
 * A network's mark from the importing app's own build: `url` (relative to the app's page, same
 * origin) and, for a local development chain that borrows its parent chain's mark, a one-letter
 * `badge` drawn in its corner so that two local chains (Anvil A, Anvil B) stay apart.
 */
export type NetworkLogo = { url: string; badge?: string };

/**
 * The marks of the well-known networks by CAIP-2 id (spec §3 Network `caipNetworkId`): eip155
 * mainnets and their public testnets (a testnet wears its mainnet's mark; its name says which),
 * the predefined Solana, Bitcoin, Cosmos and Polkadot networks of `@airlock/protocol`, and the dev
 * stack's local chains (the parent mark with a badge: Anvil A and B `A` / `B`, Solana Local,
 * Cosmos Local and Polkadot Local `L`, Bitcoin Regtest `R`). Kusama has no mark here: its
 * monogram shows.
 */
export const NETWORK_LOGOS: Readonly<Record<string, NetworkLogo>> = {
  'eip155:1': { url: ethereum },
  'eip155:11155111': { url: ethereum },
  'eip155:17000': { url: ethereum },
  'eip155:560048': { url: ethereum },
  'eip155:31337': { url: ethereum, badge: 'A' },
  'eip155:31338': { url: ethereum, badge: 'B' },
  'eip155:10': { url: optimism },
  'eip155:11155420': { url: optimism },
  'eip155:42161': { url: arbitrum },
  'eip155:421614': { url: arbitrum },
  'eip155:8453': { url: base },
  'eip155:84532': { url: base },
  'eip155:137': { url: polygon },
  'eip155:80002': { url: polygon },
  'eip155:56': { url: bnb },
  'eip155:97': { url: bnb },
  'eip155:43114': { url: avalanche },
  'eip155:43113': { url: avalanche },
  'eip155:100': { url: gnosis },
  'eip155:10200': { url: gnosis },
  'eip155:324': { url: zksync },
  'eip155:300': { url: zksync },
  'eip155:59144': { url: linea },
  'eip155:59141': { url: linea },
  'eip155:534352': { url: scroll },
  'eip155:534351': { url: scroll },
  'eip155:42220': { url: celo },
  'eip155:7777777': { url: zora },
  'eip155:999999999': { url: zora },
  'eip155:130': { url: unichain },
  'eip155:1301': { url: unichain },
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': { url: solana },
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': { url: solana },
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': { url: solana },
  'solana:8gZKvaVvFhAf86vn14mEHPv6JSKJE2am': { url: solana, badge: 'L' },
  'bip122:000000000019d6689c085ae165831e93': { url: bitcoin },
  'bip122:000000000933ea01ad0ee984209779ba': { url: bitcoin },
  'bip122:00000000da84f2bafbbc53dee25a72ae': { url: bitcoin },
  'bip122:00000008819873e925422c1ff0f99f7c': { url: bitcoin },
  'bip122:0f9188f13cb7b2c71f2a335e3a4fc328': { url: bitcoin, badge: 'R' },
  'cosmos:cosmoshub-4': { url: cosmosHub },
  'cosmos:osmosis-1': { url: osmosis },
  'cosmos:osmo-test-5': { url: osmosis },
  'cosmos:airlock-local-1': { url: cosmosHub, badge: 'L' },
  'polkadot:91b171bb158e2d3848fa23a9f1c25182': { url: polkadot },
  'polkadot:e143f23803ac50e8f6f8e62695d1ce9e': { url: polkadot },
  'polkadot:a11c0c4a11c0c4a11c0c4a11c0c4a11c': { url: polkadot, badge: 'L' },
};

/** The app's own mark for `caipNetworkId` (CAIP-2), or undefined for a network it has none for. Pure. */
export function networkLogo(caipNetworkId: string | null | undefined): NetworkLogo | undefined {
  return caipNetworkId && Object.hasOwn(NETWORK_LOGOS, caipNetworkId) ? NETWORK_LOGOS[caipNetworkId] : undefined;
}

/**
 * A stable hue (0–359) for `text` (32-bit FNV-1a), so each network keeps its colour and ids
 * that differ in one character (`eip155:31337`, `eip155:31338`) get far-apart colours: the tile
 * behind a network's initial where there is no mark, and a local chain's badge.
 */
export function networkHue(text: string): number {
  let h = 0x811c9dc5;
  for (const char of text) h = Math.imul(h ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return h % 360;
}

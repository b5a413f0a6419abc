import { BUNDLED_ICONS } from './bundledIcons.ts';
import type { WalletListing } from './types.ts';

/**
 * The bundled wallet registry: a few well-known wallets with their rdns and
 * WalletConnect links, so AllWallets is never empty offline. Icons are small inline
 * SVG `data:` URIs (`bundledIcons.ts`), so nothing is fetched. Order = recommendation order.
 */

type Entry = [
  id: string,
  name: string,
  rdns: string | null,
  color: string,
  mobile: string | null,
  desktop: string | null,
  webapp: string | null,
  chains: string[],
];

const EVM = ['eip155'];
const ENTRIES: Entry[] = [
  ['metamask', 'MetaMask', 'io.metamask', '#f6851b', 'metamask://', null, null, EVM],
  ['trust', 'Trust Wallet', 'com.trustwallet.app', '#0500ff', 'trust://', null, null, ['eip155', 'solana', 'cosmos']],
  ['coinbase', 'Coinbase Wallet', 'com.coinbase.wallet', '#0052ff', 'cbwallet://', null, null, ['eip155', 'solana']],
  ['rainbow', 'Rainbow', 'me.rainbow', '#001e59', 'rainbow://', null, null, EVM],
  [
    'ledger',
    'Ledger Live',
    null,
    '#000000',
    'ledgerlive://',
    'ledgerlive://',
    null,
    ['eip155', 'solana', 'bip122', 'polkadot', 'cosmos'],
  ],
  ['phantom', 'Phantom', 'app.phantom', '#ab9ff2', 'phantom://', null, null, ['eip155', 'solana', 'bip122']],
  [
    'okx',
    'OKX Wallet',
    'com.okex.wallet',
    '#111111',
    'okex://main/',
    null,
    null,
    ['eip155', 'solana', 'bip122', 'cosmos'],
  ],
  ['zerion', 'Zerion', 'io.zerion.wallet', '#2962ef', 'zerion://', null, null, EVM],
  ['rabby', 'Rabby Wallet', 'io.rabby', '#7084ff', null, null, null, EVM],
  ['uniswap', 'Uniswap Wallet', 'org.uniswap.app', '#ff007a', 'uniswap://', null, null, EVM],
  ['safe', 'Safe', null, '#12ff80', null, null, 'https://app.safe.global/', EVM],
  ['keplr', 'Keplr', 'app.keplr', '#3a3aff', 'keplrwallet://', null, null, ['cosmos', 'eip155']],
  ['talisman', 'Talisman', 'xyz.talisman', '#d5ff5c', null, null, null, ['polkadot', 'eip155']],
  ['xverse', 'Xverse', 'com.xverse', '#181818', 'xverse://', null, null, ['bip122']],
  ['argent', 'Argent', null, '#ff875b', 'argent://app/', null, null, EVM],
  ['zengo', 'ZenGo', null, '#00c1a6', 'zengo://get/', null, null, ['eip155', 'bip122']],
];

/** The bundled registry, in recommendation order. */
export const BUNDLED_WALLETS: readonly WalletListing[] = ENTRIES.map(
  ([id, name, rdns, _color, mobile, desktop, webapp, chains]) => ({
    id,
    name,
    rdns,
    image_url: BUNDLED_ICONS[id] ?? null,
    mobile_link: mobile,
    desktop_link: desktop,
    webapp_link: webapp,
    chains,
    badge_type: 'certified',
  }),
);

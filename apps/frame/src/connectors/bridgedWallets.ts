import { CosmosWalletSchema } from '@airlock/protocol/cosmosWallets';
import { PolkadotWalletSchema } from '@airlock/protocol/polkadotWallets';
import type { PageWallet } from './pageWallets.ts';

/**
 * The Connect-list entries of the Cosmos and Polkadot wallets a host extension lists (loaded by
 * actions/wallets.ts only when the page lists one): each host entry validated and given the
 * modal's name and icon. Keplr-shaped wallets and injected extensions pass no icon through the
 * host, so each gets a plain one with its name's first letter.
 */

/** The names of the injected Polkadot extensions the modal knows by their `injectedWeb3` key; others show the key. */
const POLKADOT_NAMES: Record<string, string> = {
  'polkadot-js': 'polkadot{.js}',
  talisman: 'Talisman',
  'subwallet-js': 'SubWallet',
  'dev-polkadot': 'Dev Polkadot Extension',
};

/** A bridged wallet with its id, name and a `data:image/svg+xml` icon of the name's first letter. Pure. */
export function bridgedWallet(id: string, name: string): PageWallet {
  const letter = (name.match(/[A-Za-z0-9]/)?.[0] ?? '?').toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#5b5bd6"/><text x="16" y="22" font-family="sans-serif" font-size="16" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
  return { id, name, icon: `data:image/svg+xml,${encodeURIComponent(svg)}` };
}

type Parsed = { success: true; data: PageWallet } | { success: false };

/** A `cosmos.list` entry (`CosmosWalletSchema`) as a page wallet: its `window` key as id, its name. */
export const cosmosWalletEntry = {
  safeParse(value: unknown): Parsed {
    const parsed = CosmosWalletSchema.safeParse(value);
    return parsed.success ? { success: true, data: bridgedWallet(parsed.data.id, parsed.data.name) } : parsed;
  },
};

/** A `polkadot.list` entry (`PolkadotWalletSchema`) as a page wallet: its `injectedWeb3` key as id, a known name or the key. */
export const polkadotWalletEntry = {
  safeParse(value: unknown): Parsed {
    const parsed = PolkadotWalletSchema.safeParse(value);
    if (!parsed.success) return parsed;
    const { id } = parsed.data;
    return { success: true, data: bridgedWallet(id, Object.hasOwn(POLKADOT_NAMES, id) ? POLKADOT_NAMES[id]! : id) };
  },
};

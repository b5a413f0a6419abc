import { z } from 'zod/mini';
import { NetworkSchema, validate, type Network } from '@airlock/protocol';

/**
 * The demo's configuration, set by the classic script `/demo-config.js` as
 * `window.AIRLOCK_DEMO_CONFIG` before the page module runs (docs/integration.md:
 * the stack serves it with the ports of its mode). Only what a dapp chooses: the
 * provider API and the relay belong to the frame's deployment, not to the page.
 */
export const DemoConfigSchema = z.object({
  /** The widget origin's page, e.g. `http://127.0.0.1:5174/` (the host SDK mounts it in an iframe). */
  frameUrl: z.url({ protocol: /^https?$/ }),
  /** The project id passed to `createWidget` (spec §3 Dapp data). */
  projectId: z.string().check(z.minLength(1)),
  /** Networks in the spec §3 shape; here the two anvil chains 31337 'Anvil A' and 31338 'Anvil B'. */
  networks: z.array(NetworkSchema).check(z.minLength(1)),
  /** When true the page installs the in-page Dev Wallet (EIP-6963, rdns `dev.airlock.wallet`). */
  devWallet: z.boolean(),
  /** When true sign-in (SIWX) is on unless the URL says `?siwx=0` (the dev stack sets it). */
  siwx: z.optional(z.boolean()),
  /**
   * The Bitcoin regtest stand-in's Esplora API (apps/bitcoin-esplora); with it (and `devWallet`)
   * the page installs the Dev Bitcoin Wallet (Wallet Standard `bitcoin:*`), which posts there.
   */
  bitcoinEsploraUrl: z.optional(z.url({ protocol: /^https?$/ })),
  /**
   * The Cosmos stand-in (apps/cosmos-lcd: LCD and CometBFT RPC); with it (and `devWallet`) the page
   * installs the Dev Keplr Wallet (`window.keplr`).
   */
  cosmosLcdUrl: z.optional(z.url({ protocol: /^https?$/ })),
  /**
   * The Substrate JSON-RPC stand-in (apps/substrate-rpc); with it (and `devWallet`) the page
   * installs the Dev Polkadot extension (`window.injectedWeb3['dev-polkadot']`).
   */
  substrateRpcUrl: z.optional(z.url({ protocol: /^https?$/ })),
});

/** The demo configuration: `{ frameUrl, projectId, networks: Network[] (spec §3), devWallet }`. */
export type DemoConfig = z.infer<typeof DemoConfigSchema>;

/** Re-exported for the page modules: a spec §3 network. */
export type { Network };

declare global {
  interface Window {
    /** Set by `/demo-config.js`; read only through {@link readDemoConfig}. */
    AIRLOCK_DEMO_CONFIG?: unknown;
  }
}

/** Thrown by {@link readDemoConfig} when `window.AIRLOCK_DEMO_CONFIG` is missing or malformed. */
export class DemoConfigError extends Error {
  override name = 'DemoConfigError';
}

/**
 * Reads and validates `window.AIRLOCK_DEMO_CONFIG`.
 * @throws DemoConfigError 'window.AIRLOCK_DEMO_CONFIG is missing …' when `/demo-config.js`
 *   did not run, or 'Invalid AIRLOCK_DEMO_CONFIG: <path: message; …>' when it does not
 *   match {@link DemoConfigSchema}.
 */
export function readDemoConfig(source: Window = window): DemoConfig {
  const raw = source.AIRLOCK_DEMO_CONFIG;
  if (raw === undefined || raw === null) {
    throw new DemoConfigError(
      'window.AIRLOCK_DEMO_CONFIG is missing: load /demo-config.js (a classic <script>) before the page module. ' +
        'The dev stack serves it (npm start); see docs/integration.md.',
    );
  }
  const result = validate(DemoConfigSchema, raw);
  if (!result.ok) throw new DemoConfigError(`Invalid AIRLOCK_DEMO_CONFIG: ${result.error.message}`);
  return result.value;
}

/**
 * Shows a configuration error on the page, replacing `root`'s content with a
 * `role="alert"` box, so a missing `/demo-config.js` is obvious instead of a blank page.
 */
export function showConfigError(root: HTMLElement, error: unknown): void {
  const box = document.createElement('div');
  box.className = 'config-error';
  box.setAttribute('role', 'alert');
  const title = document.createElement('strong');
  title.textContent = 'Demo configuration error';
  const text = document.createElement('p');
  text.textContent = error instanceof Error ? error.message : String(error);
  box.append(title, text);
  root.replaceChildren(box);
}

/**
 * Entry of the classic Polkadot script (`dist/airlock-polkadot.js`), loaded AFTER `airlock.js` (it
 * extends `window.Airlock`): sets `window.Airlock.polkadot`, the extension to pass as
 * `Airlock.createWidget({ …, extensions: [Airlock.polkadot()] })`.
 */
import { polkadot } from './index.ts';

(globalThis as unknown as { Airlock: Record<string, unknown> }).Airlock.polkadot = polkadot;

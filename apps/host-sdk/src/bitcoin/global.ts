/**
 * Entry of the classic Bitcoin script (`dist/airlock-bitcoin.js`), loaded AFTER `airlock.js` (it
 * extends `window.Airlock`): sets `window.Airlock.bitcoin`, the extension to pass as
 * `Airlock.createWidget({ …, extensions: [Airlock.bitcoin()] })`.
 */
import { bitcoin } from './index.ts';

(globalThis as unknown as { Airlock: Record<string, unknown> }).Airlock.bitcoin = bitcoin;

/**
 * Entry of the classic multichain script (`dist/airlock-multichain.js`), loaded AFTER `airlock.js`
 * (it extends `window.Airlock`): sets `window.Airlock.multichain`, the extension to pass as
 * `Airlock.createWidget({ …, extensions: [Airlock.multichain()] })`; the client is then
 * `widget.getProvider('multichain')`.
 */
import { multichain } from './index.ts';

(globalThis as unknown as { Airlock: Record<string, unknown> }).Airlock.multichain = multichain;

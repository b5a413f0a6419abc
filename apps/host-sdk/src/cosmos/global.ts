/**
 * Entry of the classic Cosmos script (`dist/airlock-cosmos.js`), loaded AFTER `airlock.js` (it
 * extends `window.Airlock`): sets `window.Airlock.cosmos`, the extension to pass as
 * `Airlock.createWidget({ …, extensions: [Airlock.cosmos()] })`.
 */
import { cosmos } from './index.ts';

(globalThis as unknown as { Airlock: Record<string, unknown> }).Airlock.cosmos = cosmos;

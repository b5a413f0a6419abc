/**
 * Entry of the classic Solana script (`dist/airlock-solana.js`), loaded AFTER `airlock.js` (it
 * extends `window.Airlock`): sets `window.Airlock.solana`, the extension to pass as
 * `Airlock.createWidget({ …, extensions: [Airlock.solana()] })`.
 */
import { solana } from './index.ts';

(globalThis as unknown as { Airlock: Record<string, unknown> }).Airlock.solana = solana;

/**
 * Entry of the classic embedded-mode script (`dist/airlock-inline.js`), loaded AFTER `airlock.js`
 * (it extends `window.Airlock`): sets `window.Airlock.inline`, the extension to pass as
 * `Airlock.createWidget({ …, extensions: [Airlock.inline(element)] })`.
 */
import { inline } from './index.ts';

(globalThis as unknown as { Airlock: Record<string, unknown> }).Airlock.inline = inline;

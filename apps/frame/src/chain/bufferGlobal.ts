// biome-ignore lint/style/useNodejsImportProtocol: the npm `buffer` package (a browser polyfill), not Node's module
import { Buffer } from 'buffer';

/**
 * `@solana/spl-token` (and the layouts under it) use Node's global `Buffer`, which browsers lack:
 * this module sets `globalThis.Buffer` from the `buffer` package that `@solana/web3.js` already
 * brings. Imported first by the lazily loaded Solana send code only.
 */
(globalThis as { Buffer?: typeof Buffer }).Buffer ??= Buffer;

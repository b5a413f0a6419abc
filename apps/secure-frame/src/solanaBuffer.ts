// biome-ignore lint/style/useNodejsImportProtocol: the npm `buffer` package (a browser polyfill), not Node's module
import { Buffer } from 'buffer';

/**
 * `@solana/web3.js` and `@solana/spl-token` use Node's global `Buffer`, which browsers lack: this
 * module sets `globalThis.Buffer` from the `buffer` package web3.js already brings. Imported first
 * by the lazily loaded Solana transaction code only.
 */
(globalThis as { Buffer?: typeof Buffer }).Buffer ??= Buffer;

/**
 * Entry of the classic-script build (`dist/airlock.js`): sets the global
 * `window.Airlock = { createWidget, ProviderRpcError }` for pages without a bundler.
 */
import { createWidget } from './createWidget.ts';
import { ProviderRpcError } from './ProviderRpcError.ts';

(globalThis as { Airlock?: object }).Airlock = { createWidget, ProviderRpcError };

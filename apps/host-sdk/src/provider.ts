import type { SiwxSession } from '@airlock/protocol';
import type { Emitter, Listener } from './emitter.ts';
import type { ProviderRpcError } from './ProviderRpcError.ts';

/** An EIP-1193 request: `method` and optional `params` (array or object). */
export type RequestArguments = {
  /** JSON-RPC method name, e.g. `eth_chainId`, `personal_sign`. */
  readonly method: string;
  /** Positional (array) or named (object) parameters. */
  readonly params?: readonly unknown[] | object;
};

/**
 * EIP-1193 events and what their listeners receive:
 * `connect` `{ chainId }` (hex), `disconnect` a {@link ProviderRpcError} (code 4900),
 * `accountsChanged` the account list (empty when disconnected), `chainChanged` the hex chain id.
 */
export type ProviderEvents = {
  /** EIP-1193 `connect`: `{ chainId }`, hex chain id such as `0x7a69`. */
  connect: { chainId: string };
  /** EIP-1193 `disconnect`: a ProviderRpcError, code 4900. */
  disconnect: ProviderRpcError;
  /** EIP-1193 `accountsChanged`: checksummed addresses, `[]` after disconnect. */
  accountsChanged: string[];
  /** EIP-1193 `chainChanged`: hex chain id (eip155) or CAIP-2 reference. */
  chainChanged: string;
  /** Airlock `siwx`: the sign-in session of the connected account changed (docs/siwx.md), `null` when it ended. */
  siwx: SiwxSession | null;
};

/**
 * An EIP-1193 provider (the one `getProvider(chainNamespace)` returns).
 *
 * `request()` resolves with the JSON-RPC result or rejects with a
 * {@link ProviderRpcError} carrying the EIP-1193 / EIP-1474 `code` and `data`.
 */
export type EIP1193Provider = {
  /** Sends an EIP-1193 request. Rejects with a ProviderRpcError (4001, 4100, 4200, 4900, 4901, -32602 …). */
  request(args: RequestArguments): Promise<unknown>;
  /** Adds an EIP-1193 event listener; returns the provider (Node.js EventEmitter style). */
  on<E extends keyof ProviderEvents>(event: E, listener: (data: ProviderEvents[E]) => void): EIP1193Provider;
  /** Removes an EIP-1193 event listener; returns the provider. */
  removeListener<E extends keyof ProviderEvents>(
    event: E,
    listener: (data: ProviderEvents[E]) => void,
  ): EIP1193Provider;
};

/**
 * Creates the EIP-1193 provider of one chain namespace.
 *
 * @param send - sends `{ chainNamespace, method, params }` to the frame's `request()`;
 *   resolves with the result, rejects with a ProviderRpcError.
 * @param emitter - the namespace's event emitter; the widget emits the frame's
 *   provider events on it (EIP-1193 `connect`, `disconnect`, `accountsChanged`, `chainChanged`).
 */
export const createProvider = (
  send: (args: RequestArguments) => Promise<unknown>,
  emitter: Emitter,
): EIP1193Provider => {
  const p: EIP1193Provider = {
    request: send,
    on: (e, l) => (emitter.on(e, l as Listener), p),
    removeListener: (e, l) => (emitter.removeListener(e, l as Listener), p),
  };
  return p;
};

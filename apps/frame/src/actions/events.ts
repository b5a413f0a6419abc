import { ErrorCode, type CaipNetworkId } from '@airlock/protocol';
import { hostEmit } from '../bridge/host.ts';

/**
 * EIP-1193 provider events for the dapp (the host re-emits them on its
 * eip155 provider). All are fire-and-forget.
 */

/** The EIP-1193 hex chain id of an eip155 CAIP-2 id: `eip155:31337` → `0x7a69`. */
export function chainIdHex(caipNetworkId: CaipNetworkId | string): `0x${string}` {
  const reference = caipNetworkId.split(':')[1] ?? '';
  const id = Number(reference);
  return Number.isSafeInteger(id) && id > 0 ? `0x${id.toString(16)}` : '0x0';
}

/** EIP-1193 `connect` with `{ chainId }` (hex). */
export function emitConnect(caipNetworkId: CaipNetworkId): void {
  void hostEmit({ type: 'provider', chainNamespace: 'eip155', event: 'connect', data: { chainId: chainIdHex(caipNetworkId) } });
}

/** EIP-1193 `accountsChanged` with the account list ([] when disconnected). */
export function emitAccountsChanged(accounts: string[]): void {
  void hostEmit({ type: 'provider', chainNamespace: 'eip155', event: 'accountsChanged', data: accounts });
}

/** EIP-1193 `chainChanged` with the hex chain id. */
export function emitChainChanged(caipNetworkId: CaipNetworkId): void {
  void hostEmit({ type: 'provider', chainNamespace: 'eip155', event: 'chainChanged', data: chainIdHex(caipNetworkId) });
}

/** EIP-1193 `disconnect` with a ProviderRpcError shape, code 4900. */
export function emitDisconnect(): void {
  void hostEmit({
    type: 'provider',
    chainNamespace: 'eip155',
    event: 'disconnect',
    data: { code: ErrorCode.Disconnected, message: 'Disconnected' },
  });
}

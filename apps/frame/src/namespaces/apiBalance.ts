import type { Network } from '@airlock/protocol';
import { fetchTokenBalances } from '../api/blockchain.ts';
import type { Frame } from '../store/frame.ts';

/**
 * The native balance of `address` on `network` from the provider API (spec §7 `GET
 * /v1/account/{address}/balance?chainId=<CAIP-2>`, 30 s cache): the entry without a token
 * `address`, its `quantity.numeric` in whole units. For the namespaces whose chain the API reads
 * from the operator's own backend (cosmos: its LCD; polkadot: free + reserved from its Substrate
 * JSON-RPC): nothing of the chain is fetched from the page. `force` skips the cached answer and
 * asks the API with `forceUpdate`.
 * @throws Error when there is no API, or it fails or answers no native entry.
 */
export async function readApiNativeBalance(
  frame: Frame,
  network: Network,
  address: string,
  options: { force?: boolean } = {},
): Promise<string> {
  if (!frame.api) throw new Error('No provider API');
  const balances = await fetchTokenBalances(frame.api, network.caipNetworkId, address, frame.caches, {
    force: options.force === true,
  });
  const native = balances.find((b) => !b.address);
  if (!native) throw new Error(`No ${network.nativeCurrency.symbol} balance`);
  return native.quantity.numeric;
}

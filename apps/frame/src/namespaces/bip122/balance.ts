import type { Network } from '@airlock/protocol';
import { fetchTokenBalances } from '../../api/blockchain.ts';
import type { Frame } from '../../store/frame.ts';

/**
 * The BTC balance of `address` on the bip122 `network` from the provider API (spec §7
 * `GET /v1/account/{address}/balance?chainId=bip122:…`, 30 s cache): the native entry's
 * `quantity.numeric` (confirmed plus the mempool's change), whole BTC. `force` (the refresh after a
 * send) skips the cached answer and asks the API with `forceUpdate`, so the send's change shows.
 * @throws Error when there is no API, or it fails or answers no native entry.
 */
export async function readBip122Balance(
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
  if (!native) throw new Error('No BTC balance');
  return native.quantity.numeric;
}

import { SiwxText } from '@airlock/protocol';
import type { SignSiwx } from '../types.ts';

/**
 * Signs the SIWX (CAIP-122) `message` on polkadot: `polkadot_signMessage` (the extension's
 * `signRaw`, type `bytes`, the message's UTF-8 bytes, which the extension wraps in `<Bytes>`)
 * → the signature in `0x` hex, which `@polkadot/util-crypto`'s `signatureVerify` checks against the address.
 * @throws Error 'Error signing message' (spec §8) when the wallet refuses or answers badly.
 */
export const signSiwx: SignSiwx = async (connector, message, address, caipNetworkId) => {
  const signed = await connector.request(
    { method: 'polkadot_signMessage', params: [{ address, message }] },
    caipNetworkId,
  );
  const signature = signed.ok ? (signed.value as { signature?: unknown } | null)?.signature : null;
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]{128,}$/.test(signature)) throw new Error(SiwxText.ErrorSigning);
  return signature;
};

import { SiwxText } from '@airlock/protocol';
import type { SignSiwx } from '../types.ts';

/**
 * Signs the SIWX (CAIP-122) `message` on bip122: `signMessage` BIP-322 simple by the address
 * itself → the encoded witness in base64, which the verifier checks with BIP-322.
 * @throws Error 'Error signing message' (spec §8) when the wallet refuses or answers badly.
 */
export const signSiwx: SignSiwx = async (connector, message, address, caipNetworkId) => {
  const signed = await connector.request(
    { method: 'signMessage', params: [{ address, message, protocol: 'bip322' }] },
    caipNetworkId,
  );
  const signature = signed.ok ? (signed.value as { signature?: unknown } | null)?.signature : null;
  if (typeof signature !== 'string' || signature.length === 0) throw new Error(SiwxText.ErrorSigning);
  return signature;
};

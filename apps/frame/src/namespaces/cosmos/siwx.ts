import { SiwxText } from '@airlock/protocol';
import type { SignSiwx } from '../types.ts';

/**
 * Signs the SIWX (CAIP-122) `message` on cosmos: `cosmos_signArbitrary` (ADR-036, Keplr's
 * `signArbitrary`) → the `StdSignature` as JSON text `{"pub_key":{…},"signature":"<base64>"}`:
 * ADR-036 verification needs the public key, which a secp256k1 signature alone does not give.
 * @throws Error 'Error signing message' (spec §8) when the wallet refuses or answers badly.
 */
export const signSiwx: SignSiwx = async (connector, message, address, caipNetworkId) => {
  const signed = await connector.request(
    { method: 'cosmos_signArbitrary', params: [{ signerAddress: address, data: message }] },
    caipNetworkId,
  );
  const value = signed.ok ? (signed.value as { signature?: unknown; pub_key?: unknown } | null) : null;
  if (!value || typeof value.signature !== 'string' || value.signature.length === 0)
    throw new Error(SiwxText.ErrorSigning);
  return JSON.stringify({ pub_key: value.pub_key, signature: value.signature });
};

import { SiwxText } from '@airlock/protocol';
import { stringToHex } from 'viem';
import type { SignSiwx } from '../types.ts';

/**
 * Signs the SIWX `message` of `address` on eip155: `personal_sign` (EIP-191) of the UTF-8 text
 * → the `0x` hex signature (CAIP-122 / EIP-4361).
 * @throws Error 'Error signing message' (spec §8) when the wallet refuses or answers badly.
 */
export const signSiwx: SignSiwx = async (connector, message, address, caipNetworkId) => {
  const signed = await connector.request(
    { method: 'personal_sign', params: [stringToHex(message), address] },
    caipNetworkId,
  );
  if (!signed.ok || typeof signed.value !== 'string') throw new Error(SiwxText.ErrorSigning);
  return signed.value;
};

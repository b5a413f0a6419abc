import { SiwxText } from '@airlock/protocol';
import { toBase58 } from '../../connectors/solana/base58.ts';
import type { SignSiwx } from '../types.ts';

/**
 * Signs the SIWX `message` on solana: `solana_signMessage` of the UTF-8 bytes (Wallet Standard
 * `solana:signMessage`, WalletConnect's `solana_signMessage`, or the embedded wallet) → the
 * 64-byte ed25519 signature in base58 (what the verifier takes, CAIP-122 / Sign In With Solana).
 * @throws Error 'Error signing message' (spec §8) when the wallet refuses or answers badly.
 */
export const signSiwx: SignSiwx = async (connector, message, _address, caipNetworkId) => {
  const signed = await connector.request(
    { method: 'solana_signMessage', params: [{ message: new TextEncoder().encode(message) }] },
    caipNetworkId,
  );
  const signature = signed.ok ? (signed.value as { signature?: unknown } | null)?.signature : null;
  if (!(signature instanceof Uint8Array) || signature.length !== 64) throw new Error(SiwxText.ErrorSigning);
  return toBase58(signature);
};

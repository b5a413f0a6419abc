import { SiwxText, type CaipNetworkId } from '@airlock/protocol';
import { stringToHex } from 'viem';
import { toBase58 } from '../connectors/solana/base58.ts';
import type { Connector } from '../connectors/types.ts';

/**
 * Asks the wallet behind `connector` to sign the sign-in `message` text of `address` on
 * `caipNetworkId`, the way its namespace signs text:
 * - eip155: `personal_sign` (EIP-191) of the UTF-8 text → the `0x` hex signature;
 * - solana: `solana_signMessage` of the UTF-8 bytes (Wallet Standard `solana:signMessage`,
 *   WalletConnect's `solana_signMessage`, or the embedded wallet) → the 64-byte ed25519
 *   signature in base58 (what the verifier takes, CAIP-122 / Sign In With Solana).
 * @throws Error 'Error signing message' (spec §8) when the wallet refuses or answers badly.
 */
export async function signSiwxMessage(
  connector: Pick<Connector, 'request'>,
  message: string,
  address: string,
  caipNetworkId: CaipNetworkId,
): Promise<string> {
  if (caipNetworkId.startsWith('solana:')) {
    const signed = await connector.request(
      { method: 'solana_signMessage', params: [{ message: new TextEncoder().encode(message) }] },
      caipNetworkId,
    );
    const signature = signed.ok ? (signed.value as { signature?: unknown } | null)?.signature : null;
    if (!(signature instanceof Uint8Array) || signature.length !== 64) throw new Error(SiwxText.ErrorSigning);
    return toBase58(signature);
  }
  const signed = await connector.request(
    { method: 'personal_sign', params: [stringToHex(message), address] },
    caipNetworkId,
  );
  if (!signed.ok || typeof signed.value !== 'string') throw new Error(SiwxText.ErrorSigning);
  return signed.value;
}

import { SiwxText, type CaipNetworkId } from '@airlock/protocol';
import type { Connector } from '../connectors/types.ts';
import type { SignSiwx } from '../namespaces/types.ts';

/** Each namespace's sign-in signature (`namespaces/<name>/siwx.ts`), loaded when needed, by the file's path. */
const signers = import.meta.glob<SignSiwx>('../namespaces/*/siwx.ts', { import: 'signSiwx' });

/**
 * Asks the wallet behind `connector` to sign the sign-in `message` text of `address` on
 * `caipNetworkId`, the way its namespace signs text (`signSiwx` of `namespaces/<name>/siwx.ts`):
 * - eip155: `personal_sign` (EIP-191) of the UTF-8 text → the `0x` hex signature;
 * - solana: `solana_signMessage` of the UTF-8 bytes → the ed25519 signature in base58;
 * - bip122: `signMessage` BIP-322 simple → the base64 witness.
 * @throws Error 'Error signing message' (spec §8) when the wallet refuses or answers badly, or
 *   when the namespace has no sign-in.
 */
export async function signSiwxMessage(
  connector: Pick<Connector, 'request'>,
  message: string,
  address: string,
  caipNetworkId: CaipNetworkId,
): Promise<string> {
  const load = signers[`../namespaces/${caipNetworkId.slice(0, caipNetworkId.indexOf(':'))}/siwx.ts`];
  if (!load) throw new Error(SiwxText.ErrorSigning);
  return (await load())(connector, message, address, caipNetworkId);
}

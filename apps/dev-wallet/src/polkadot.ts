import { ErrorCode, err, ok, type Result } from '@airlock/protocol';
import { z } from 'zod/mini';
import type { RequestSummary } from './requests.ts';

/**
 * The Dev Wallet's Polkadot account (a WalletConnect `polkadot` namespace on the stack's local
 * Substrate network, apps/substrate-rpc): Substrate's well-known dev key `//Bob` (sr25519,
 * `@polkadot/keyring`), so it differs from the demo page's Dev Polkadot extension (`//Alice`). It
 * answers WalletConnect's Polkadot methods, each asked in the `Request` dialog:
 * `polkadot_signMessage` `{ address, message }` (the message's bytes wrapped in `<Bytes>…</Bytes>`,
 * as an extension's `signRaw` of type `bytes` does) and `polkadot_signTransaction`
 * `{ address, transactionPayload }` (a `SignerPayloadJSON`, signed as an `ExtrinsicPayload`). The
 * keyring loads on first use. Local chains only: never use this key on a real network.
 */

/** WalletConnect's Polkadot methods the wallet approves and executes. */
export const POLKADOT_METHODS = ['polkadot_signMessage', 'polkadot_signTransaction'] as const;

/** The dev key's secret URI. */
export const POLKADOT_DEV_URI = '//Bob';

/** `//Bob` in the generic SS58 format (42), the session's address (polkadot.test.ts derives it). */
export const POLKADOT_DEV_ADDRESS = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty';

const SignMessageSchema = z.object({ address: z.string(), message: z.string() });
const SignTransactionSchema = z.object({
  address: z.string(),
  transactionPayload: z.looseObject({
    address: z.string(),
    genesisHash: z.string(),
    method: z.string(),
    nonce: z.string(),
    tip: z.string(),
    specVersion: z.string(),
    transactionVersion: z.string(),
    version: z.number(),
    signedExtensions: z.array(z.string()),
  }),
});

/** True for a method of WalletConnect's `polkadot` namespace. */
export const isPolkadotRequest = (input: { method: string }) => input.method.startsWith('polkadot_');

/** A message as bytes: `0x` hex as it is, other text as UTF-8. */
const messageBytes = (message: string): string | Uint8Array =>
  /^0x([0-9a-fA-F]{2})*$/.test(message) ? message : new TextEncoder().encode(message);

/** The `Request` dialog's summary of a Polkadot request: the account and the message or the call. */
export function polkadotRequestSummary(
  input: { method: string; params: unknown },
  networkName?: string,
): RequestSummary {
  const network = { label: 'Network', value: networkName ?? 'Polkadot' };
  const message = SignMessageSchema.safeParse(input.params);
  if (input.method === 'polkadot_signMessage' && message.success)
    return {
      title: 'Sign a Polkadot message',
      rows: [
        network,
        { label: 'Account', value: message.data.address },
        { label: 'Message', value: message.data.message },
      ],
    };
  const tx = SignTransactionSchema.safeParse(input.params);
  if (input.method === 'polkadot_signTransaction' && tx.success) {
    const p = tx.data.transactionPayload;
    return {
      title: 'Sign a Polkadot transaction',
      rows: [
        network,
        { label: 'Account', value: tx.data.address },
        { label: 'Call', value: p.method },
        { label: 'Nonce', value: `${Number(p.nonce)}, tip ${BigInt(p.tip)}` },
      ],
    };
  }
  return { title: input.method, rows: [network, { label: 'Params', value: JSON.stringify(input.params) }] };
}

/** The dev key pair (`@polkadot/keyring`, loaded on first use). */
async function devPair() {
  const [{ Keyring }, { cryptoWaitReady }] = await Promise.all([
    import('@polkadot/keyring'),
    import('@polkadot/util-crypto'),
  ]);
  await cryptoWaitReady();
  return new Keyring({ type: 'sr25519', ss58Format: 42 }).addFromUri(POLKADOT_DEV_URI);
}

/**
 * Executes a Polkadot request with the dev key: `polkadot_signMessage` → `{ signature }` (hex, of
 * the wrapped bytes); `polkadot_signTransaction` → `{ signature }` (the extrinsic payload's,
 * `@polkadot/types`, with the payload's signed extensions). -32602 for malformed params or an address
 * that is not the key's (in any SS58 format), 4200 for another method. Never throws.
 */
export async function executePolkadotRequest(method: string, params: unknown): Promise<Result<unknown>> {
  try {
    const pair = await devPair();
    const { u8aToHex, u8aWrapBytes } = await import('@polkadot/util');
    const { decodeAddress } = await import('@polkadot/util-crypto');
    const mine = (address: string) => {
      try {
        return u8aToHex(decodeAddress(address)) === u8aToHex(pair.publicKey);
      } catch {
        return false;
      }
    };
    if (method === 'polkadot_signMessage') {
      const parsed = SignMessageSchema.safeParse(params);
      if (!parsed.success) return err(ErrorCode.InvalidParams, 'Expected { address, message }');
      if (!mine(parsed.data.address)) return err(ErrorCode.InvalidParams, `${parsed.data.address} is not my account`);
      return ok({ signature: u8aToHex(pair.sign(u8aWrapBytes(messageBytes(parsed.data.message)))) });
    }
    if (method === 'polkadot_signTransaction') {
      const parsed = SignTransactionSchema.safeParse(params);
      if (!parsed.success) return err(ErrorCode.InvalidParams, 'Expected { address, transactionPayload }');
      const payload = parsed.data.transactionPayload;
      if (!mine(parsed.data.address) || !mine(payload.address))
        return err(ErrorCode.InvalidParams, `${parsed.data.address} is not my account`);
      const { TypeRegistry } = await import('@polkadot/types');
      const registry = new TypeRegistry();
      registry.setSignedExtensions(payload.signedExtensions);
      const extrinsic = registry.createType('ExtrinsicPayload', payload, { version: payload.version });
      return ok({ id: 1, signature: extrinsic.sign(pair).signature });
    }
    return err(ErrorCode.UnsupportedMethod, `Unsupported method: ${method}`);
  } catch (error) {
    return err(ErrorCode.InternalError, error instanceof Error ? error.message : String(error));
  }
}

import { ed25519 } from '@noble/curves/ed25519.js';
import { ErrorCode, err, ok, type CaipNetworkId } from '@airlock/protocol';
import { verifySiwxMessage } from '@airlock/siwx';
import { formatSiwxMessage } from '@airlock/siwx/message';
import { describe, expect, it } from 'vitest';
import { toBase58 } from '../connectors/solana/base58.ts';
import type { Connector } from '../connectors/types.ts';
import { signSiwxMessage } from './sign.ts';

const SOLANA_LOCAL = 'solana:8E9rvCKLFQia2Y35HvivvTGTAT4dUv7M' as CaipNetworkId;

/** A connector whose Solana wallet signs `solana_signMessage` with `secret` (ed25519). */
function solanaWallet(secret: Uint8Array, answer?: unknown): Pick<Connector, 'request'> & { seen: unknown[] } {
  const seen: unknown[] = [];
  return {
    seen,
    request: async (rpc) => {
      seen.push(rpc);
      if (answer !== undefined) return ok(answer);
      if (rpc.method !== 'solana_signMessage') return err(ErrorCode.UnsupportedMethod, 'no');
      const [{ message }] = rpc.params as [{ message: Uint8Array }];
      return ok({ signature: ed25519.sign(message, secret) });
    },
  };
}

describe('signSiwxMessage on solana', () => {
  const secret = crypto.getRandomValues(new Uint8Array(32));
  const address = toBase58(ed25519.getPublicKey(secret));
  const message = formatSiwxMessage({
    accountAddress: address,
    chainId: SOLANA_LOCAL,
    domain: 'app.example.com',
    uri: 'https://app.example.com',
    version: '1',
    nonce: 'n0nce12345678',
    issuedAt: new Date().toISOString(),
  });

  it('signs the Sign In With Solana text with solana_signMessage; the base58 signature verifies', async () => {
    const wallet = solanaWallet(secret);
    const signature = await signSiwxMessage(wallet, message, address, SOLANA_LOCAL);
    expect((wallet.seen[0] as { method: string }).method).toBe('solana_signMessage');
    const verified = await verifySiwxMessage({ message, signature, domain: 'app.example.com' });
    expect(verified).toMatchObject({ valid: true, namespace: 'solana', data: { accountAddress: address } });
  });

  it('a malformed wallet answer is "Error signing message"', async () => {
    await expect(
      signSiwxMessage(solanaWallet(secret, { signature: 'x' }), message, address, SOLANA_LOCAL),
    ).rejects.toThrow('Error signing message');
    const refusing: Pick<Connector, 'request'> = { request: async () => err(ErrorCode.UserRejected, 'User rejected') };
    await expect(signSiwxMessage(refusing, message, address, SOLANA_LOCAL)).rejects.toThrow('Error signing message');
  });
});

import { describe, expect, it } from 'vitest';
import { ErrorCode, ok, type RpcRequest } from '@airlock/protocol';
import { toBase58 } from '../connectors/solana/base58.ts';
import { embeddedRouteOf, type EmbeddedWallet } from './embedded.ts';

const SOLANA = '32MvKPkohthEtFX36NPE9B45aryLsFVumKyjvFwQmuRX';

/** A wallet that records what it sends to the secure frame and answers `answer`. */
function recordingWallet(address: string | null, answer: unknown) {
  const sent: { request: RpcRequest; unsafe: boolean }[] = [];
  const wallet: EmbeddedWallet = {
    address,
    send: async (request, unsafe) => {
      sent.push({ request, unsafe });
      return ok(answer);
    },
  };
  return { sent, wallet };
}

describe("the embedded wallet's routes come from the namespace plug-ins", () => {
  it('routes an eip155 request by the shared method policy: a read as safe, a signature behind the approval, others 4200', async () => {
    const served = embeddedRouteOf('eip155:31337');
    expect(served?.chainNamespace).toBe('eip155');
    const { sent, wallet } = recordingWallet(null, '0x1');
    expect(await served!.route({ method: 'eth_chainId' }, wallet)).toEqual(ok('0x1'));
    await served!.route({ method: 'personal_sign', params: ['0x00', '0x0'] }, wallet);
    expect(sent.map((s) => [s.request.method, s.unsafe])).toEqual([
      ['eth_chainId', false],
      ['personal_sign', true],
    ]);
    const refused = await served!.route({ method: 'wallet_unknownThing' }, wallet);
    expect(refused.ok ? null : refused.error.code).toBe(ErrorCode.UnsupportedMethod);
    expect(sent).toHaveLength(2);
  });

  it("routes a solana request in the secure frame's shapes, and refuses it (4100) without a solana account", async () => {
    const served = embeddedRouteOf('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1');
    expect(served?.chainNamespace).toBe('solana');
    const signature = new Uint8Array(64).fill(7);
    const { sent, wallet } = recordingWallet(SOLANA, { signature: toBase58(signature) });
    const message = new TextEncoder().encode('hi');
    expect(await served!.route({ method: 'solana_signMessage', params: [{ message }] }, wallet)).toEqual(
      ok({ signature }),
    );
    expect(sent).toEqual([
      {
        request: { method: 'solana_signMessage', params: [{ message: toBase58(message), pubkey: SOLANA }] },
        unsafe: true,
      },
    ]);
    const none = recordingWallet(null, null);
    const refused = await served!.route({ method: 'solana_signMessage', params: [{ message }] }, none.wallet);
    expect(refused.ok ? null : refused.error.code).toBe(ErrorCode.Unauthorized);
    expect(none.sent).toEqual([]);
  });

  it('has no route on a namespace the embedded wallet holds no account on', () => {
    expect(embeddedRouteOf('bip122:000000000019d6689c085ae165831e93')).toBeNull();
    expect(embeddedRouteOf('cosmos:cosmoshub-4')).toBeNull();
    expect(embeddedRouteOf('toString:1')).toBeNull();
  });
});

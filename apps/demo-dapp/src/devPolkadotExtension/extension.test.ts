import { POLKADOT_LOCAL_GENESIS_HASH } from '@airlock/protocol/polkadot';
import { devSubstrateAccounts } from '@airlock/substrate-rpc';
import { TypeRegistry } from '@polkadot/types';
import type { SignerPayloadJSON } from '@polkadot/types/types';
import { stringToHex } from '@polkadot/util';
import { blake2AsU8a, signatureVerify } from '@polkadot/util-crypto';
import { describe, expect, it } from 'vitest';
import { createDevPolkadotExtension } from './extension.ts';
import { memoryApprovalStorage } from '../devWallet/session.ts';

const setup = async (answers: boolean[] = []) => {
  const asked: string[] = [];
  const extension = await createDevPolkadotExtension({
    storage: memoryApprovalStorage(),
    approve: async ({ method }) => {
      asked.push(method);
      return answers.shift() ?? true;
    },
  });
  return { extension, asked };
};

describe('Dev Polkadot extension (injected extension protocol on @polkadot/keyring)', () => {
  it('enables once per origin approval and lists //Alice, the stand-in’s seeded account', async () => {
    const { extension, asked } = await setup();
    const injected = await extension.enable('http://localhost:5173');
    await extension.enable('http://localhost:5173');
    expect(asked).toEqual(['enable']);
    const [alice] = await devSubstrateAccounts();
    expect(await injected.accounts.get()).toEqual([
      { address: alice!.address, name: 'Dev Alice', type: 'sr25519', genesisHash: null },
    ]);
    const seen: string[][] = [];
    const off = injected.accounts.subscribe((list) => seen.push(list.map((a) => a.address)));
    extension.switchAccount('//Bob');
    off();
    expect(seen[1]?.[0]).toMatch(/^5FHneW46/); // //Bob's generic address
  });

  it('signRaw: a <Bytes>-wrapped message signature that @polkadot/util-crypto verifies; a rejection is 4001', async () => {
    const { extension } = await setup([true, true, false]);
    const injected = await extension.enable('http://localhost:5173');
    const [{ address }] = (await injected.accounts.get()) as unknown as [{ address: string }];
    const data = stringToHex('Sign in to Airlock');
    const { signature } = await injected.signer.signRaw({ address, data, type: 'bytes' });
    expect(signatureVerify(data, signature, address).isValid).toBe(true);
    expect(signatureVerify(stringToHex('other'), signature, address).isValid).toBe(false);
    await expect(injected.signer.signRaw({ address, data, type: 'bytes' })).rejects.toMatchObject({ code: 4001 });
    const bob = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty';
    await expect(injected.signer.signRaw({ address: bob, data, type: 'bytes' })).rejects.toMatchObject({ code: 4100 });
  });

  it('signPayload: signs the SCALE extrinsic payload of a SignerPayloadJSON for the local network', async () => {
    const { extension } = await setup();
    const injected = await extension.enable('http://localhost:5173');
    const [{ address }] = (await injected.accounts.get()) as unknown as [{ address: string }];
    const payload: SignerPayloadJSON = {
      address,
      blockHash: POLKADOT_LOCAL_GENESIS_HASH,
      blockNumber: '0x00000000',
      era: '0x00',
      genesisHash: POLKADOT_LOCAL_GENESIS_HASH,
      method: '0x0503008eaf04151687736326c9fea17e25fc5287613693c912909cb226aa4794f26a480700e8764817',
      nonce: '0x00000000',
      signedExtensions: [
        'CheckNonZeroSender',
        'CheckSpecVersion',
        'CheckTxVersion',
        'CheckGenesis',
        'CheckMortality',
        'CheckNonce',
        'CheckWeight',
        'ChargeTransactionPayment',
      ],
      specVersion: '0x000f4240',
      tip: '0x00000000000000000000000000000000',
      transactionVersion: '0x0000001a',
      version: 4,
    } as SignerPayloadJSON;
    const { signature } = await injected.signer.signPayload(payload);
    const registry = new TypeRegistry();
    registry.setSignedExtensions(payload.signedExtensions);
    const bytes = registry.createType('ExtrinsicPayload', payload, { version: 4 }).toU8a({ method: true });
    const signed = bytes.length > 256 ? blake2AsU8a(bytes) : bytes;
    // The extension's signature carries the key type first (0x01 sr25519), as a MultiSignature.
    expect(signature.slice(0, 4)).toBe('0x01');
    expect(signatureVerify(signed, signature, address).isValid).toBe(true);
  });
});

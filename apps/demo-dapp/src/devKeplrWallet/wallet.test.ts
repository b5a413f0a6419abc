import { type CosmosLcd, DEV_MNEMONIC, startCosmosLcd } from '@airlock/cosmos-lcd';
import { COSMOS_LOCAL_CHAIN_ID } from '@airlock/protocol/cosmos';
import { serializeSignDoc } from '@cosmjs/amino';
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto';
import { fromBase64 } from '@cosmjs/encoding';
import { SigningStargateClient } from '@cosmjs/stargate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevKeplrWallet, makeAdr36SignDoc } from './wallet.ts';
import { memoryApprovalStorage } from '../devWallet/session.ts';

const FEE = { amount: [{ denom: 'ustake', amount: '2000' }], gas: '200000' };

let lcd: CosmosLcd;
beforeAll(async () => {
  lcd = await startCosmosLcd({ port: 0 });
});
afterAll(() => lcd?.stop());

const setup = (answers: boolean[] = []) => {
  const asked: string[] = [];
  const events = new EventTarget();
  const keplr = createDevKeplrWallet({
    mnemonic: DEV_MNEMONIC,
    storage: memoryApprovalStorage(),
    events,
    approve: async ({ method }) => {
      asked.push(method);
      return answers.shift() ?? true;
    },
  });
  return { keplr, asked, events };
};

describe('Dev Keplr Wallet (window.keplr on CosmJS)', () => {
  it('enables once, answers getKey in each chain’s prefix, and refuses before enable (4100)', async () => {
    const { keplr, asked } = setup();
    await expect(keplr.getKey(COSMOS_LOCAL_CHAIN_ID)).rejects.toMatchObject({ code: 4100 });
    await keplr.enable([COSMOS_LOCAL_CHAIN_ID, 'osmosis-1']);
    await keplr.enable(COSMOS_LOCAL_CHAIN_ID);
    expect(asked).toEqual(['enable']);
    const key = await keplr.getKey(COSMOS_LOCAL_CHAIN_ID);
    expect(key.bech32Address).toBe(lcd.devAccounts[0]!.address);
    expect(key.pubKey).toEqual(lcd.devAccounts[0]!.pubkey);
    expect((await keplr.getKey('osmosis-1')).bech32Address).toMatch(/^osmo1/);
    await expect(keplr.enable('juno-1')).rejects.toMatchObject({ code: 4100 });
    await keplr.experimentalSuggestChain({ chainId: 'juno-1', bech32Config: { bech32PrefixAccAddr: 'juno' } });
    await keplr.enable('juno-1');
    expect((await keplr.getKey('juno-1')).bech32Address).toMatch(/^juno1/);
  });

  it('signs a bank send through its offline signer that SigningStargateClient broadcasts to the stand-in', async () => {
    const { keplr, asked } = setup();
    await keplr.enable(COSMOS_LOCAL_CHAIN_ID);
    const signer = keplr.getOfflineSigner(COSMOS_LOCAL_CHAIN_ID);
    const [account] = await signer.getAccounts();
    const to = lcd.devAccounts[1]!.address;
    const client = await SigningStargateClient.connectWithSigner(lcd.url, signer, { broadcastPollIntervalMs: 50 });
    const before = BigInt((await client.getBalance(to, 'ustake')).amount);
    const result = await client.sendTokens(account!.address, to, [{ denom: 'ustake', amount: '777' }], FEE);
    expect(result.code).toBe(0);
    expect(BigInt((await client.getBalance(to, 'ustake')).amount)).toBe(before + 777n);
    expect(asked).toEqual(['enable', 'signDirect']);
    client.disconnect();
  });

  it('signs arbitrary data per ADR-036 (verified with CosmJS), and a rejection is 4001', async () => {
    const { keplr } = setup([true, true, false]);
    await keplr.enable(COSMOS_LOCAL_CHAIN_ID);
    const { bech32Address, pubKey } = await keplr.getKey(COSMOS_LOCAL_CHAIN_ID);
    const signature = await keplr.signArbitrary(COSMOS_LOCAL_CHAIN_ID, bech32Address, 'Sign in to Airlock');
    expect(signature.pub_key.value).toBe(Buffer.from(pubKey).toString('base64'));
    const digest = sha256(serializeSignDoc(makeAdr36SignDoc(bech32Address, 'Sign in to Airlock')));
    const sig = Secp256k1Signature.fromFixedLength(fromBase64(signature.signature));
    expect(Secp256k1.verifySignature(sig, digest, pubKey)).toBe(true);
    expect(
      Secp256k1.verifySignature(sig, sha256(serializeSignDoc(makeAdr36SignDoc(bech32Address, 'other'))), pubKey),
    ).toBe(false);
    await expect(keplr.signArbitrary(COSMOS_LOCAL_CHAIN_ID, bech32Address, 'no')).rejects.toMatchObject({ code: 4001 });
    await expect(keplr.signArbitrary(COSMOS_LOCAL_CHAIN_ID, lcd.devAccounts[2]!.address, 'x')).rejects.toMatchObject({
      code: -32602,
    });
  });

  it('dispatches keplr_keystorechange when the account changes, and getKey follows', async () => {
    const { keplr, events } = setup();
    await keplr.enable(COSMOS_LOCAL_CHAIN_ID);
    let changes = 0;
    events.addEventListener('keplr_keystorechange', () => changes++);
    keplr.switchAccount(1);
    expect(changes).toBe(1);
    expect((await keplr.getKey(COSMOS_LOCAL_CHAIN_ID)).bech32Address).toBe(lcd.devAccounts[1]!.address);
  });
});

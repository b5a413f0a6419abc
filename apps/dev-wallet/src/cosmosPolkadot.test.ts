import { fromBase64, toBase64 } from '@cosmjs/encoding';
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto';
import { makeSignBytes } from '@cosmjs/proto-signing';
import { Keyring } from '@polkadot/keyring';
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto';
import { describe, expect, it } from 'vitest';
import { COSMOS_DEV_ADDRESS, cosmosDevWallets, executeCosmosRequest } from './cosmos.ts';
import { POLKADOT_DEV_ADDRESS, POLKADOT_DEV_URI, executePolkadotRequest } from './polkadot.ts';

const code = (result: { ok: boolean; error?: { code: number } }) => (result.ok ? 'ok' : result.error!.code);

describe('the Dev Wallet’s cosmos account', () => {
  it('is account 1 of the dev mnemonic; cosmos_getAccounts answers it with its public key', async () => {
    const [direct] = await cosmosDevWallets();
    const [account] = await direct.getAccounts();
    expect(account!.address).toBe(COSMOS_DEV_ADDRESS);
    expect(await executeCosmosRequest('cosmos_getAccounts', {})).toEqual({
      ok: true,
      value: [{ address: COSMOS_DEV_ADDRESS, algo: 'secp256k1', pubkey: toBase64(account!.pubkey) }],
    });
  });

  it('cosmos_signDirect signs the sign doc (verified with CosmJS); another signer is -32602', async () => {
    const signDoc = { chainId: 'airlock-local-1', accountNumber: '1', bodyBytes: 'CgA=', authInfoBytes: 'EgA=' };
    const result = await executeCosmosRequest('cosmos_signDirect', { signerAddress: COSMOS_DEV_ADDRESS, signDoc });
    expect(result.ok).toBe(true);
    const { signed, signature } = (result as { value: { signed: typeof signDoc; signature: any } }).value;
    expect(signed).toEqual(signDoc);
    const bytes = makeSignBytes({
      chainId: signDoc.chainId,
      accountNumber: 1n,
      bodyBytes: fromBase64(signDoc.bodyBytes),
      authInfoBytes: fromBase64(signDoc.authInfoBytes),
    });
    const ok = await Secp256k1.verifySignature(
      Secp256k1Signature.fromFixedLength(fromBase64(signature.signature)),
      sha256(bytes),
      fromBase64(signature.pub_key.value),
    );
    expect(ok).toBe(true);
    const other = await executeCosmosRequest('cosmos_signDirect', {
      signerAddress: 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7',
      signDoc,
    });
    expect(code(other)).toBe(-32602);
  });
});

describe('the Dev Wallet’s polkadot account', () => {
  it('is //Bob; polkadot_signMessage signs the wrapped bytes (verified with @polkadot/util-crypto)', async () => {
    await cryptoWaitReady();
    expect(new Keyring({ type: 'sr25519', ss58Format: 42 }).addFromUri(POLKADOT_DEV_URI).address).toBe(
      POLKADOT_DEV_ADDRESS,
    );
    const result = await executePolkadotRequest('polkadot_signMessage', {
      address: POLKADOT_DEV_ADDRESS,
      message: 'Sign in to Airlock',
    });
    const { signature } = (result as { value: { signature: `0x${string}` } }).value;
    expect(signatureVerify('Sign in to Airlock', signature, POLKADOT_DEV_ADDRESS).isValid).toBe(true);
    expect(code(await executePolkadotRequest('polkadot_signMessage', { address: '5Grw', message: 'x' }))).toBe(-32602);
    expect(code(await executePolkadotRequest('polkadot_getAccounts', {}))).toBe(4200);
  });
});

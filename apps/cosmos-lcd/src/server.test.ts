import { COSMOS_LOCAL_CHAIN_ID } from '@airlock/protocol/cosmos';
import { toBase64 } from '@cosmjs/encoding';
import type { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing';
import { SigningStargateClient, StargateClient } from '@cosmjs/stargate';
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_BALANCE, devWallet } from './devAccounts.ts';
import { type CosmosLcd, startCosmosLcd } from './server.ts';

const FEE = { amount: [{ denom: 'ustake', amount: '2000' }], gas: '200000' };
let lcd: CosmosLcd;
beforeAll(async () => {
  lcd = await startCosmosLcd({ port: 0 });
});
afterAll(() => lcd?.stop());

const lcdJson = async (path: string) => (await fetch(`${lcd.url}${path}`)).json() as Promise<any>;
const balanceOf = async (address: string) =>
  BigInt((await lcdJson(`/cosmos/bank/v1beta1/balances/${address}/by_denom?denom=ustake`)).balance.amount);

/** Signs a bank send offline (no chain lookups), with an explicit sequence, for the refusal tests. */
const signOffline = async (
  wallet: DirectSecp256k1HdWallet,
  from: string,
  to: string,
  sequence: number,
  accountNumber: number,
) => {
  const client = await SigningStargateClient.offline(wallet);
  const raw = await client.sign(
    from,
    [
      {
        typeUrl: '/cosmos.bank.v1beta1.MsgSend',
        value: { fromAddress: from, toAddress: to, amount: [{ denom: 'ustake', amount: '5' }] },
      },
    ],
    FEE,
    '',
    { accountNumber: BigInt(accountNumber), sequence, chainId: COSMOS_LOCAL_CHAIN_ID },
  );
  return Uint8Array.from(TxRaw.encode(raw).finish());
};

describe('cosmos-lcd stand-in (LCD and CometBFT RPC subsets)', () => {
  it('serves the dev accounts on the LCD: account, balances, node info', async () => {
    const [first] = lcd.devAccounts;
    expect(first!.address).toMatch(/^cosmos1/);
    const { account } = await lcdJson(`/cosmos/auth/v1beta1/accounts/${first!.address}`);
    expect(account).toMatchObject({ address: first!.address, account_number: '0', sequence: '0', pub_key: null });
    expect(await lcdJson(`/cosmos/bank/v1beta1/balances/${first!.address}`)).toEqual({
      balances: [{ denom: 'ustake', amount: String(DEV_BALANCE) }],
      pagination: { next_key: null, total: '1' },
    });
    expect((await lcdJson('/cosmos/base/tendermint/v1beta1/node_info')).default_node_info.network).toBe(
      COSMOS_LOCAL_CHAIN_ID,
    );
    expect((await fetch(`${lcd.url}/cosmos/auth/v1beta1/accounts/cosmos1nope`)).status).toBe(400);
  });

  it('accepts and applies a bank send that CosmJS’s SigningStargateClient signs and broadcasts', async () => {
    const wallet = await devWallet(2);
    const [from, to] = await wallet.getAccounts();
    const client = await SigningStargateClient.connectWithSigner(lcd.url, wallet, { broadcastPollIntervalMs: 50 });
    expect(await client.getChainId()).toBe(COSMOS_LOCAL_CHAIN_ID);
    const before = { from: await balanceOf(from!.address), to: await balanceOf(to!.address) };
    const result = await client.sendTokens(
      from!.address,
      to!.address,
      [{ denom: 'ustake', amount: '1234567' }],
      FEE,
      'hi',
    );
    expect(result.code).toBe(0);
    expect(await balanceOf(to!.address)).toBe(before.to + 1_234_567n);
    expect(await balanceOf(from!.address)).toBe(before.from - 1_234_567n - 2000n);
    expect((await client.getBalance(to!.address, 'ustake')).amount).toBe(String(before.to + 1_234_567n));
    expect(await client.getSequence(from!.address)).toMatchObject({ sequence: 1 });
    // An amino-signed send (what Keplr's signAmino gives a dapp) is checked and applied too.
    const amino = await SigningStargateClient.connectWithSigner(
      lcd.url,
      await (await import('@cosmjs/amino')).Secp256k1HdWallet.fromMnemonic(
        'test test test test test test test test test test test junk',
      ),
      { broadcastPollIntervalMs: 50 },
    );
    expect((await amino.sendTokens(from!.address, to!.address, [{ denom: 'ustake', amount: '1' }], FEE)).code).toBe(0);
    client.disconnect();
    amino.disconnect();
  });

  it('refuses a bad signature (4) and a wrong sequence (32) on both broadcast paths, and moves nothing', async () => {
    const wallet = await devWallet(3);
    const [, , sender] = await wallet.getAccounts();
    const recipient = lcd.devAccounts[0]!.address;
    const { account } = await lcdJson(`/cosmos/auth/v1beta1/accounts/${sender!.address}`);
    const number = Number(account.account_number);
    const before = await balanceOf(sender!.address);
    // The right sequence and account number, but one signature bit flipped.
    const good = await signOffline(wallet, sender!.address, recipient, 0, number);
    const raw = TxRaw.decode(good);
    raw.signatures[0]![5]! ^= 1;
    const forged = TxRaw.encode(raw).finish();
    const viaLcd = await fetch(`${lcd.url}/cosmos/tx/v1beta1/txs`, {
      method: 'POST',
      body: JSON.stringify({ tx_bytes: toBase64(forged), mode: 'BROADCAST_MODE_SYNC' }),
    });
    expect((await viaLcd.json()).tx_response).toMatchObject({ code: 4, codespace: 'sdk' });
    // Signed for sequence 1 while the account is at 0.
    const ahead = await signOffline(wallet, sender!.address, recipient, 1, number);
    const stargate = await StargateClient.connect(lcd.url);
    await expect(stargate.broadcastTxSync(ahead)).rejects.toThrow(/code 32|sequence/);
    // Signed for another account number (another chain's replay): the signature does not verify.
    const elsewhere = await signOffline(wallet, sender!.address, recipient, 0, number + 7);
    await expect(stargate.broadcastTxSync(elsewhere)).rejects.toThrow(/code 4|signature/);
    expect(await balanceOf(sender!.address)).toBe(before);
    // The untouched original still goes through: nothing above consumed its sequence.
    await stargate.broadcastTxSync(good);
    expect(await balanceOf(sender!.address)).toBe(before - 5n - 2000n);
    stargate.disconnect();
  });
});

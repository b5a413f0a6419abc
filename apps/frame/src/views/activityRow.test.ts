import { describe, expect, it } from 'vitest';
import type { HistoryItem, Network } from '@airlock/protocol';
import { describeActivity } from './activityRow.ts';

const me = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const them = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const hash = `0x${'ab'.repeat(32)}`;
const network = {
  caipNetworkId: 'eip155:31337',
  blockExplorers: { default: { name: 'Explorer', url: 'https://explorer.test/' } },
} as unknown as Network;

const item = (operationType: string, sentTo: string, transfers: HistoryItem['transfers'], status = 'confirmed') =>
  ({
    id: hash,
    metadata: {
      operationType,
      hash,
      minedAt: '2026-01-01T00:00:00Z',
      sentFrom: me,
      sentTo,
      status,
      chain: 'eip155:31337',
    },
    transfers,
  }) as HistoryItem;

describe('Activity rows', () => {
  it('an ERC-20 send names the person who received it, not the token contract, with a signed amount and a link', () => {
    const row = describeActivity(
      item('send', token, [
        { fungible_info: { symbol: 'DEV' }, direction: 'out', sender: me, recipient: them, quantity: { numeric: '5' } },
      ]),
      network,
    );
    expect(row).toEqual({
      label: 'Send',
      direction: 'out',
      counterparty: { role: 'To', address: them, short: '0x70…dc79C8' },
      amount: '\u22125 DEV',
      received: null,
      token: { symbol: 'DEV', iconUrl: null },
      status: 'Confirmed',
      explorerUrl: `https://explorer.test/tx/${hash}`,
    });
  });

  it('a receive names its sender; no explorer means no link', () => {
    const row = describeActivity(
      item('receive', me, [{ fungible_info: { symbol: 'ETH' }, direction: 'in', quantity: { numeric: '0.010000' } }]),
      undefined,
    );
    expect(row).toMatchObject({ label: 'Receive', counterparty: { role: 'From', address: me }, amount: '+0.01 ETH' });
    expect(row.explorerUrl).toBeNull();
  });

  it("names contract calls, approvals and swaps instead of 'Execute'", () => {
    expect(describeActivity(item('execute', token, []), network)).toMatchObject({
      label: 'Contract call',
      direction: 'call',
      counterparty: { role: 'Contract', address: token },
      amount: null,
    });
    expect(describeActivity(item('approve', token, []), network).label).toBe('Approve');
    const swap = describeActivity(
      item('execute', token, [
        { fungible_info: { symbol: 'ETH' }, direction: 'out', quantity: { numeric: '1' } },
        { fungible_info: { symbol: 'DEV' }, direction: 'in', quantity: { numeric: '3000' } },
      ]),
      network,
    );
    expect(swap).toMatchObject({ label: 'Swap', amount: '\u22121 ETH', received: '+3000 DEV' });
    // A swap's logo is the token that went out.
    expect(swap.token).toEqual({ symbol: 'ETH', iconUrl: null });
    expect(describeActivity(item('execute', token, []), network).token).toBeNull();
    expect(describeActivity(item('send', them, [], 'failed'), network).status).toBe('Failed');
  });
});

describe('Activity rows: token logos', () => {
  it("carry the API's logo of the token moved", () => {
    const row = describeActivity(
      item('receive', me, [
        {
          fungible_info: { symbol: 'USDD', icon: { url: 'https://cdn.test/usdd.png' } },
          direction: 'in',
          quantity: { numeric: '2' },
        },
      ]),
      network,
    );
    expect(row.token).toEqual({ symbol: 'USDD', iconUrl: 'https://cdn.test/usdd.png' });
  });
});

describe('Activity rows: mints', () => {
  it('a mint has no counterparty (the zero address is no one)', () => {
    const row = describeActivity(
      item('mint', token, [
        { nft_info: { name: 'Dev NFT #0' }, direction: 'in', sender: `0x${'0'.repeat(40)}`, recipient: me },
      ]),
      network,
    );
    expect(row).toMatchObject({ label: 'Mint', counterparty: null, amount: 'Dev NFT #0' });
  });
});

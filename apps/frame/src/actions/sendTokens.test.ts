import { describe, expect, it } from 'vitest';
import { decodeFunctionData, parseAbi } from 'viem';
import type { TokenBalance } from '../api/blockchain.ts';
import { amountInUnits, buildSendTransaction, checkSend, fiatValue, SendMessage } from './sendTokens.ts';

const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  value: 0,
  price: 0,
  quantity: { decimals: '18', numeric: '10' },
};
const dev: TokenBalance = {
  ...eth,
  name: 'Dev',
  symbol: 'DEV',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  quantity: { decimals: '6', numeric: '1000' },
};

describe('send checks (spec §5)', () => {
  const messages = (input: Parameters<typeof checkSend>[0], caip = 'eip155:31337') =>
    checkSend(input, caip).map((p) => p.message.text);

  it('reports every problem of an empty form at once, in the spec §5 words', () => {
    expect(messages({ token: null, sendTokenAmount: '', receiverAddress: '' })).toEqual([
      'An amount and receiver address are required',
      'A token is required',
    ]);
    expect(messages({ token: null, sendTokenAmount: '', receiverAddress: '' }, 'solana:abc')).toEqual([
      'An amount and receiver address are required',
      'A token is required',
      'Unsupported chain',
    ]);
  });

  it('refuses an amount that is not a number and a bad address together', () => {
    const found = checkSend({ token: eth, sendTokenAmount: 'abc', receiverAddress: '0x123' }, 'eip155:31337');
    expect(found).toEqual([
      { field: 'receiver', message: SendMessage.InvalidAddress, required: false },
      { field: 'amount', message: SendMessage.InvalidAmount, required: false },
    ]);
    expect(messages({ token: eth, sendTokenAmount: '1e3', receiverAddress: receiver })).toEqual([
      SendMessage.InvalidAmount.text,
    ]);
    expect(messages({ token: eth, sendTokenAmount: '0', receiverAddress: receiver })).toEqual([
      SendMessage.ZeroAmount.text,
    ]);
    expect(messages({ token: dev, sendTokenAmount: '1.0000001', receiverAddress: receiver })).toEqual([
      SendMessage.TooManyDecimals.text,
    ]);
    expect(messages({ token: eth, sendTokenAmount: '.5', receiverAddress: receiver })).toEqual([]);
    expect(amountInUnits('.5', eth)).toBe(5n * 10n ** 17n);
  });

  it('values the amount at the token price, and not without one', () => {
    expect(fiatValue('2.5', { ...eth, price: 2000 })).toBe(5000);
    expect(fiatValue('2.5', eth)).toBeNull();
    expect(fiatValue('abc', { ...eth, price: 2000 })).toBeNull();
  });

  it('needs an amount and a receiver, then a token', () => {
    expect(
      buildSendTransaction({ token: eth, sendTokenAmount: '', receiverAddress: receiver }, from, 'eip155:31337'),
    ).toMatchObject({ ok: false, message: { text: 'An amount and receiver address are required' } });
    expect(
      buildSendTransaction({ token: null, sendTokenAmount: '1', receiverAddress: receiver }, from, 'eip155:31337'),
    ).toMatchObject({ ok: false, message: { text: 'A token is required' } });
  });

  it('refuses other chains, bad addresses and amounts above the balance', () => {
    expect(
      buildSendTransaction({ token: eth, sendTokenAmount: '1', receiverAddress: receiver }, from, 'solana:abc'),
    ).toMatchObject({ message: { text: 'Unsupported chain' } });
    expect(
      buildSendTransaction({ token: eth, sendTokenAmount: '1', receiverAddress: '0x123' }, from, 'eip155:31337'),
    ).toMatchObject({ message: SendMessage.InvalidAddress });
    expect(
      buildSendTransaction({ token: eth, sendTokenAmount: '11', receiverAddress: receiver }, from, 'eip155:31337'),
    ).toMatchObject({ message: { text: 'Insufficient balance' } });
  });

  it('builds a native transfer in wei', () => {
    const built = buildSendTransaction(
      { token: eth, sendTokenAmount: '1.5', receiverAddress: receiver.toLowerCase() },
      from,
      'eip155:31337',
    );
    expect(built).toEqual({ ok: true, tx: { from, to: receiver, value: `0x${(15n * 10n ** 17n).toString(16)}` } });
  });

  it('builds an ERC-20 transfer scaled by the token decimals', () => {
    const built = buildSendTransaction(
      { token: dev, sendTokenAmount: '2.5', receiverAddress: receiver },
      from,
      'eip155:31337',
    );
    if (!built.ok) throw new Error(built.message.text);
    expect(built.tx.to).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3');
    const call = decodeFunctionData({
      abi: parseAbi(['function transfer(address to, uint256 value)']),
      data: built.tx.data!,
    });
    expect(call.args).toEqual([receiver, 2_500_000n]);
  });

  // Spec §9 'A fixed list of USDT contract addresses uses a different transfer signature' (row 9.42):
  // Tether's transfer returns nothing; the call is still transfer(address,uint256) to the contract.
  it('builds the USDT transfer (no return value) to the Tether contract', () => {
    const usdt: TokenBalance = {
      ...dev,
      symbol: 'USDT',
      chainId: 'eip155:1',
      address: 'eip155:1:0xdAC17F958D2ee523a2206206994597C13D831ec7',
    };
    const built = buildSendTransaction(
      { token: usdt, sendTokenAmount: '3', receiverAddress: receiver },
      from,
      'eip155:1',
    );
    if (!built.ok) throw new Error(built.message.text);
    expect(built.tx.to?.toLowerCase()).toBe('0xdac17f958d2ee523a2206206994597c13d831ec7');
    const call = decodeFunctionData({
      abi: parseAbi(['function transfer(address _to, uint256 _value)']),
      data: built.tx.data!,
    });
    expect(call).toEqual({ functionName: 'transfer', args: [receiver, 3_000_000n] });
  });
});

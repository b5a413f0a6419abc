import { describe, expect, it } from 'vitest';
import { createDevWalletSession, memoryApprovalStorage } from './session.ts';

const setup = (answer: boolean, storage = memoryApprovalStorage()) =>
  createDevWalletSession({
    storage,
    key: 'dev:authorised',
    value: 'addr1',
    approve: async () => answer,
    fail: (code, message) => Object.assign(new Error(message), { code }),
    accounts: () => ['addr1'],
  });

describe('dev page wallet session (shared by the dev wallets)', () => {
  it('remembers the approval across instances and tells the listeners on each change', async () => {
    const storage = memoryApprovalStorage();
    const session = setup(true, storage);
    const seen: (readonly string[] | undefined)[] = [];
    const off = session.standard['standard:events'].on('change', (p) => seen.push(p.accounts));
    expect(session.current()).toEqual([]);
    await session.ask('connect', ['Account: addr1']);
    session.authorise(true);
    expect(setup(true, storage).authorised).toBe(true);
    await session.standard['standard:disconnect'].disconnect();
    expect(setup(true, storage).authorised).toBe(false);
    off();
    session.authorise(true);
    expect(seen).toEqual([['addr1'], []]);
  });

  it('throws the wallet’s 4001 when the person rejects, and a stored value of another account does not count', async () => {
    await expect(setup(false).ask('connect', [])).rejects.toMatchObject({ code: 4001 });
    const storage = memoryApprovalStorage();
    storage.setItem('dev:authorised', 'someone-else');
    expect(setup(true, storage).authorised).toBe(false);
  });
});

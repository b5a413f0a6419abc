import { describe, expect, it } from 'vitest';
import {
  EIP5792_METHODS,
  HOST_FORWARDED_METHODS,
  methodPolicy,
  methodsOfClass,
  requestedAccount,
} from './rpcMethods.ts';

describe('method policy table', () => {
  it('classifies reads, account methods, connect and wallet methods', () => {
    expect(methodPolicy('eth_call')).toMatchObject({ class: 'read', waitsForPerson: false, unsafe: false });
    expect(methodPolicy('eth_chainId')?.class).toBe('account');
    expect(methodPolicy('eth_requestAccounts')).toMatchObject({ class: 'connect', waitsForPerson: true });
    expect(methodPolicy('personal_sign')).toMatchObject({ class: 'wallet', waitsForPerson: true, unsafe: true });
    expect(methodPolicy('wallet_switchEthereumChain')).toMatchObject({ class: 'wallet', unsafe: false });
  });

  it('does not support unknown methods or prototype keys', () => {
    for (const method of ['eth_sign', 'toString', '__proto__', 'constructor', 'hasOwnProperty', '']) {
      expect(methodPolicy(method)).toBeUndefined();
    }
  });

  it('spec §6: the signing, sending and permission-revoking methods are unsafe', () => {
    const unsafe = methodsOfClass('wallet').filter((m) => methodPolicy(m)?.unsafe);
    expect(unsafe.sort()).toEqual([
      'eth_sendTransaction',
      'eth_sendUserOperation',
      'eth_signTypedData_v4',
      'personal_sign',
      'wallet_revokePermissions',
      'wallet_sendCalls',
    ]);
  });

  it('the host forwards exactly accounts, chain, sign, send, switch/add chain, revoke and EIP-5792 to page wallets', () => {
    expect([...HOST_FORWARDED_METHODS].sort()).toEqual(
      [
        'eth_accounts',
        'eth_chainId',
        'eth_requestAccounts',
        'eth_sendTransaction',
        'eth_signTypedData_v4',
        'personal_sign',
        'wallet_addEthereumChain',
        'wallet_switchEthereumChain',
        'wallet_revokePermissions',
        'wallet_getCapabilities',
        'wallet_sendCalls',
        'wallet_getCallsStatus',
        'wallet_showCallsStatus',
      ].sort(),
    );
    expect(methodsOfClass('read')).not.toContain('eth_sendTransaction');
    expect([...EIP5792_METHODS].every((method) => HOST_FORWARDED_METHODS.includes(method as never))).toBe(true);
  });

  it('finds the account a signing request names', () => {
    expect(requestedAccount('personal_sign', ['0xdead', '0xabc'])).toBe('0xabc');
    expect(requestedAccount('eth_signTypedData_v4', ['0xabc', '{}'])).toBe('0xabc');
    expect(requestedAccount('eth_sendTransaction', [{ from: '0xabc' }])).toBe('0xabc');
    expect(requestedAccount('eth_sendTransaction', [null])).toBeUndefined();
    expect(requestedAccount('eth_call', [{ from: '0xabc' }])).toBeUndefined();
    // EIP-5792: the batch's `from`, the capabilities' address; a status lookup names none.
    expect(requestedAccount('wallet_sendCalls', [{ from: '0xabc', calls: [] }])).toBe('0xabc');
    expect(requestedAccount('wallet_getCapabilities', ['0xabc'])).toBe('0xabc');
    expect(requestedAccount('wallet_getCallsStatus', ['0x12'])).toBeUndefined();
    expect(requestedAccount('wallet_showCallsStatus', ['0x12'])).toBeUndefined();
    expect(requestedAccount('eth_sendUserOperation', [{ sender: '0xabc' }, '0xep'])).toBe('0xabc');
  });
});

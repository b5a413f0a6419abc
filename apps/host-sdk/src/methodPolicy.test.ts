import { RPC_METHOD_POLICY, type SupportedRpcMethod } from '@airlock/protocol/rpcMethods';
import { describe, expect, it } from 'vitest';
import { forwardsToWallet, waitsForPerson } from './methodPolicy.ts';

const methods = Object.keys(RPC_METHOD_POLICY) as SupportedRpcMethod[];

// Methods the table does not list: the frame answers them 4200, the host forwards none of
// them to a page wallet and gives them the read timeout.
const UNKNOWN = [
  'eth_sendRawTransaction',
  'eth_sign',
  'eth_signTypedData',
  'eth_getEncryptionPublicKey',
  'eth_decrypt',
  'wallet_requestPermissions',
  'wallet_watchAsset',
  'eth_accountsX',
  'xeth_chainId',
  'personal_sign ',
  '__proto__',
  'toString',
  '',
];

describe("the host's compact copies of the method-policy table", () => {
  it.each(methods)('%s: waitsForPerson and hostForward agree with RPC_METHOD_POLICY', (method) => {
    expect({ waitsForPerson: waitsForPerson(method), hostForward: forwardsToWallet(method) }).toEqual({
      waitsForPerson: RPC_METHOD_POLICY[method].waitsForPerson,
      hostForward: RPC_METHOD_POLICY[method].hostForward,
    });
  });

  it('forwards no method the table does not list', () => {
    for (const method of UNKNOWN) expect(forwardsToWallet(method), method).toBe(false);
  });

  it('gives unknown reads the read timeout', () => {
    for (const method of ['eth_sendRawTransaction', 'eth_getProof', 'eth_subscribe', 'net_listening'])
      expect(waitsForPerson(method), method).toBe(false);
  });
});

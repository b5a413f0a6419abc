import { RPC_METHOD_POLICY, type SupportedRpcMethod } from '@airlock/protocol/rpcMethods';
import { SolanaRequestParamsSchemas } from '@airlock/protocol/solana';
import { describe, expect, it } from 'vitest';
import { APPROVED_METHODS, SAFE_READS } from './handler.ts';

// The secure frame's own method sets are copies of the protocol's one method-policy table
// (rpcMethods.ts): these tests fail as soon as either differs from it.

const table = Object.keys(RPC_METHOD_POLICY) as SupportedRpcMethod[];
const sorted = (methods: Iterable<string>) => [...methods].sort();

describe("the secure frame's method sets agree with the protocol's method-policy table", () => {
  it('SAFE_READS is exactly the read class', () => {
    expect(sorted(SAFE_READS)).toEqual(sorted(table.filter((m) => RPC_METHOD_POLICY[m].class === 'read')));
  });

  it('the eip155 methods it signs after an approval are exactly the unsafe ones but wallet_revokePermissions (a page wallet permission)', () => {
    const eip155 = [...APPROVED_METHODS].filter((m) => !m.startsWith('solana_'));
    const unsafe = table.filter((m) => RPC_METHOD_POLICY[m].unsafe && m !== 'wallet_revokePermissions');
    expect(sorted(eip155)).toEqual(sorted(unsafe));
    for (const method of eip155) expect(SAFE_READS.has(method), method).toBe(false);
  });

  it('the Solana methods it signs are methods of the protocol Solana table', () => {
    for (const method of [...APPROVED_METHODS].filter((m) => m.startsWith('solana_')))
      expect(Object.hasOwn(SolanaRequestParamsSchemas, method), method).toBe(true);
  });
});

import { safeJsonParse } from '@walletconnect/safe-json';
import { describe, expect, it } from 'vitest';
import { formatResult, parseFrame } from './jsonRpc.ts';

describe('parseFrame', () => {
  it('keeps an id beyond 2^53 exact (sign-client uses getBigIntRpcId) and answers with it unchanged', () => {
    const text =
      '{"id":1735689600000123456,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"t","message":"AA==","ttl":300,"id":"x"}}';
    const frame = parseFrame(text);
    expect(frame).toMatchObject({ kind: 'request', request: { id: 1735689600000123456n, method: 'irn_publish' } });
    if (frame.kind !== 'request') throw new Error('not a request');
    // safe-json writes a bigint as "<digits>n", which the SDK's safeJsonParse reads back as the same bigint.
    expect(safeJsonParse(formatResult(frame.request.id!, true))).toEqual({
      id: 1735689600000123456n,
      jsonrpc: '2.0',
      result: true,
    });
  });

  it('keeps small ids as numbers and classifies responses and garbage', () => {
    expect(parseFrame('{"id":7,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"t"}}')).toMatchObject({
      kind: 'request',
      request: { id: 7 },
    });
    expect(parseFrame('{"id":3,"jsonrpc":"2.0","result":true}')).toEqual({ kind: 'response', id: 3 });
    expect(parseFrame('not json')).toMatchObject({ kind: 'invalid', error: { code: -32700 } });
    expect(parseFrame('{"jsonrpc":"2.0"}')).toMatchObject({ kind: 'invalid', error: { code: -32600 } });
  });
});

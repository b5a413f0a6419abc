import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, toRpcError } from '@airlock/protocol';
import { loadDevice } from '../keys/device.ts';
import { memoryStore } from '../keys/store.ts';
import { createApiClient, UNREACHABLE } from './client.ts';

/**
 * The API client carries a login error's message key into the failed Result the widget frame
 * receives (`data.messageKey`), only when it is one of the protocol's keys. A real HTTP server
 * answers each path with a fixed status and body.
 */

const answers: Record<string, [number, unknown]> = {
  '/wrong-code': [400, { message: 'Invalid code', key: 'error.LoginInvalidCode' }],
  '/cooldown': [
    429,
    { message: 'Please try again after 12 seconds', key: 'error.LoginCooldown', params: { seconds: 12 } },
  ],
  '/unknown-key': [400, { message: 'Invalid code', key: 'error.SomethingElse' }],
  '/bad-params': [429, { message: 'Please try again', key: 'error.LoginCooldown', params: { seconds: { a: 1 } } }],
  '/no-key': [400, { message: 'Invalid input' }],
};
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const [status, body] = answers[req.url ?? ''] ?? [404, { message: 'Not Found' }];
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** The protocol error the secure frame answers for a failed call to `path` of `apiUrl`. */
async function failure(apiUrl: string, path: string) {
  const api = createApiClient(apiUrl, await loadDevice(memoryStore()));
  const thrown = await api.call(path, { body: {}, timeoutMs: 5_000 }).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Error);
  return toRpcError(thrown);
}

describe('secure frame API client: login error keys', () => {
  it("a wrong code (400 'Invalid code' with its key) becomes -32602 whose data carries the key", async () => {
    expect(await failure(base, '/wrong-code')).toEqual({
      code: ErrorCode.InvalidParams,
      message: 'Invalid code',
      data: { messageKey: 'error.LoginInvalidCode' },
    });
  });

  it('the cool-down keeps its seconds as a param', async () => {
    expect(await failure(base, '/cooldown')).toEqual({
      code: 429,
      message: 'Please try again after 12 seconds',
      data: { messageKey: 'error.LoginCooldown', params: { seconds: 12 } },
    });
  });

  it('drops an unknown key or malformed params, and keeps the message', async () => {
    for (const path of ['/unknown-key', '/bad-params', '/no-key']) {
      const error = await failure(base, path);
      expect(error.data, path).toBeUndefined();
      expect(error.message).toBe((answers[path]![1] as { message: string }).message);
    }
  });

  it('an unreachable API gives the Unreachable key', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    expect(await failure(`http://127.0.0.1:${port}`, '/wrong-code')).toEqual({
      code: ErrorCode.InternalError,
      message: UNREACHABLE,
      data: { messageKey: 'error.LoginUnreachable' },
    });
  });
});

import { SystemProgram } from '@solana/web3.js';
import { type WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod/mini';
import type { Chain, ChainEvent } from './chain.ts';
import { encodeAccount } from './encoding.ts';
import { invalidParams } from './errors.ts';
import { handleRequest } from './jsonRpc.ts';
import { type Method, type MethodContext, method } from './methods/index.ts';
import { accountEncoding, commitment, optionalConfig, pubkey, signature } from './params.ts';

/** Most subscriptions one socket may hold. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 1_000;
/** Largest WebSocket message accepted, bytes. */
export const MAX_WS_MESSAGE_BYTES = 64 * 1024;
/** A socket that leaves more than this unread (bytes) is closed. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

type Subscription =
  | { kind: 'signature'; socket: WebSocket; signature: string }
  | { kind: 'account'; socket: WebSocket; address: string; encoding: z.infer<typeof accountEncoding> }
  | { kind: 'slot'; socket: WebSocket };

/** The subscription endpoint: a `ws` server to hand upgrades to, and its shutdown. */
export interface SubscriptionServer {
  wss: WebSocketServer;
  /** Closes every socket and stops listening to the chain. */
  close(): Promise<void>;
}

const subscribeConfig = z.object({
  commitment: z.optional(commitment),
  enableReceivedNotification: z.optional(z.boolean()),
});
const accountSubscribeConfig = z.object({ commitment: z.optional(commitment), encoding: z.optional(accountEncoding) });
const subscriptionId = z.tuple([z.int().check(z.nonnegative())]);

/**
 * Serves the WebSocket subscriptions web3.js and kit use for confirmation and live balances:
 * `signatureSubscribe` (one notification, then the subscription ends, as on Solana),
 * `accountSubscribe` (a notification whenever a transaction writes the account) and
 * `slotSubscribe`, each with its `…Unsubscribe`. Other methods answer -32601.
 */
export function createSubscriptionServer(chain: Chain, ctx: MethodContext): SubscriptionServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_WS_MESSAGE_BYTES });
  const subscriptions = new Map<number, Subscription>();
  let nextId = 0;

  const send = (socket: WebSocket, payload: unknown): void => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.terminate();
      return;
    }
    socket.send(JSON.stringify(payload));
  };
  const notify = (id: number, sub: Subscription, name: string, result: unknown): void =>
    send(sub.socket, { jsonrpc: '2.0', method: name, params: { result, subscription: id } });

  const context = () => ({ slot: chain.slot() });
  const accountValue = (address: string, encoding: z.infer<typeof accountEncoding>) => {
    const key = pubkey.parse(address);
    const info = chain.getAccount(key) ?? {
      lamports: 0,
      data: new Uint8Array(),
      owner: SystemProgram.programId,
      executable: false,
      rentEpoch: 0,
    };
    return encodeAccount(key, info, { encoding }, chain.getAccount);
  };

  const onChain = (event: ChainEvent): void => {
    for (const [id, sub] of subscriptions) {
      if (event.type === 'slot' && sub.kind === 'slot')
        notify(id, sub, 'slotNotification', { parent: event.parent, root: event.slot, slot: event.slot });
      if (event.type !== 'transaction') continue;
      const record = event.record;
      if (sub.kind === 'signature' && sub.signature === record.signature) {
        subscriptions.delete(id);
        notify(id, sub, 'signatureNotification', { context: { slot: record.slot }, value: { err: record.err } });
      }
      if (
        sub.kind === 'account' &&
        record.accountKeys.some((key, i) => record.writable[i] && key.toBase58() === sub.address)
      ) {
        notify(id, sub, 'accountNotification', { context: context(), value: accountValue(sub.address, sub.encoding) });
      }
    }
  };
  const unsubscribeChain = chain.subscribe(onChain);

  const socketMethods = (socket: WebSocket, afterReply: (() => void)[]): Record<string, Method> => {
    const add = (sub: Subscription): number => {
      let count = 0;
      for (const existing of subscriptions.values()) if (existing.socket === socket) count += 1;
      if (count >= MAX_SUBSCRIPTIONS_PER_SOCKET)
        throw invalidParams(`at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection`);
      nextId += 1;
      subscriptions.set(nextId, sub);
      return nextId;
    };
    const remove = (kind: Subscription['kind']) =>
      method(subscriptionId, ([id]) => {
        const sub = subscriptions.get(id);
        if (!sub || sub.socket !== socket || sub.kind !== kind) throw invalidParams('Invalid subscription id.');
        subscriptions.delete(id);
        return true;
      });
    return {
      signatureSubscribe: method(z.tuple([signature, optionalConfig(subscribeConfig)]), ([sig]) => {
        const id = add({ kind: 'signature', socket, signature: sig });
        const record = chain.getRecord(sig);
        if (record) {
          // Already landed: answer at once (after the reply that names the subscription id).
          const sub = subscriptions.get(id) as Subscription;
          subscriptions.delete(id);
          afterReply.push(() =>
            notify(id, sub, 'signatureNotification', { context: { slot: record.slot }, value: { err: record.err } }),
          );
        }
        return id;
      }),
      signatureUnsubscribe: remove('signature'),
      accountSubscribe: method(z.tuple([pubkey, optionalConfig(accountSubscribeConfig)]), ([address, config]) =>
        add({ kind: 'account', socket, address: address.toBase58(), encoding: config?.encoding ?? 'base64' }),
      ),
      accountUnsubscribe: remove('account'),
      slotSubscribe: method(z.tuple([]), () => add({ kind: 'slot', socket })),
      slotUnsubscribe: remove('slot'),
    };
  };

  wss.on('connection', (socket) => {
    socket.on('error', () => socket.terminate());
    socket.on('message', (data, isBinary) => {
      const afterReply: (() => void)[] = [];
      let request: unknown;
      try {
        request = JSON.parse(isBinary ? Buffer.from(data as Buffer).toString('utf8') : String(data));
      } catch {
        send(socket, {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32700, message: 'Parse error: the message is not JSON' },
        });
        return;
      }
      const response = handleRequest(request, socketMethods(socket, afterReply), ctx);
      if (response) send(socket, response);
      for (const task of afterReply) task();
    });
    socket.on('close', () => {
      for (const [id, sub] of subscriptions) if (sub.socket === socket) subscriptions.delete(id);
    });
  });

  return {
    wss,
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribeChain();
        subscriptions.clear();
        for (const socket of wss.clients) socket.terminate();
        wss.close(() => resolve());
      }),
  };
}

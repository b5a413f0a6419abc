import { bytesToHex, createPublicClient, http, numberToHex, type Chain, type Hash, type Hex } from 'viem';
import { DevWalletRpcError, invalidParams } from './errors.ts';
import { parseChainId } from './chains.ts';
import { toTransaction, type DevWalletTransaction } from './transaction.ts';

/**
 * EIP-5792 on the Dev Wallet (an EOA): `wallet_getCapabilities`, `wallet_sendCalls` and
 * `wallet_getCallsStatus`. An EOA cannot run calls atomically, so a batch is sent as one transaction per
 * call, in order, after one approval; `atomic` is reported `unsupported` and a batch that requires
 * atomicity is refused (5760). `wallet_showCallsStatus` is not supported (4200), so the widget's
 * pass-through of a method a wallet lacks can be seen too.
 */

/** The most calls one batch may hold (EIP-5792 5740 beyond). */
export const MAX_CALLS = 10;

/** A sent batch: its chain and the hash of each call's transaction, in call order. */
type Batch = { chain: Chain; hashes: Hash[] };

/** What the EIP-5792 handlers need from the provider. */
export type CallsDeps = {
  /** The active chain (a batch must name it). */
  active: () => Chain;
  /** Every chain the wallet knows (capabilities are reported for each). */
  chains: () => readonly Chain[];
  /** @throws 4100 for another address */
  checkAddress: (address: unknown) => void;
  /** Asks the person once for the whole batch. @throws 4001 on Reject */
  ask: (method: string, params: unknown) => Promise<void>;
  /** Sends one call from the account on `chain`. @returns the transaction hash */
  send: (chain: Chain, tx: DevWalletTransaction) => Promise<Hash>;
};

const rpcError = (code: number, message: string) => new DevWalletRpcError(code, message);

/** The EIP-5792 handlers, keyed by method (the provider merges them into its own). */
export function createCallsHandlers(deps: CallsDeps): Record<string, (params: readonly unknown[]) => Promise<unknown>> {
  const batches = new Map<string, Batch>();
  return {
    async wallet_getCapabilities(params) {
      deps.checkAddress(params[0]);
      const asked = Array.isArray(params[1]) ? params[1].map((id) => parseChainId(id)) : undefined;
      const answer: Record<Hex, { atomic: { status: 'unsupported' } }> = {};
      for (const chain of deps.chains())
        if (!asked || asked.includes(chain.id)) answer[numberToHex(chain.id)] = { atomic: { status: 'unsupported' } };
      return answer;
    },
    async wallet_sendCalls(params) {
      const request = (params[0] ?? {}) as {
        chainId?: unknown;
        from?: unknown;
        calls?: unknown;
        atomicRequired?: unknown;
        capabilities?: unknown;
      };
      if (request.from !== undefined) deps.checkAddress(request.from);
      const chain = deps.active();
      if (parseChainId(request.chainId) !== chain.id)
        throw rpcError(5710, `wallet_sendCalls: chain ${String(request.chainId)} is not the active chain`);
      if (request.atomicRequired === true)
        throw rpcError(5760, 'wallet_sendCalls: the Dev Wallet cannot run calls atomically');
      if (!Array.isArray(request.calls) || request.calls.length === 0)
        throw invalidParams('wallet_sendCalls: expected at least one call');
      if (request.calls.length > MAX_CALLS) throw rpcError(5740, `wallet_sendCalls: at most ${MAX_CALLS} calls`);
      const txs = request.calls.map((call) => toTransaction(call));
      await deps.ask('wallet_sendCalls', params);
      const hashes: Hash[] = [];
      for (const tx of txs) hashes.push(await deps.send(chain, tx));
      const id = bytesToHex(crypto.getRandomValues(new Uint8Array(32)));
      batches.set(id, { chain, hashes });
      return { id };
    },
    async wallet_getCallsStatus(params) {
      const id = params[0];
      const batch = typeof id === 'string' ? batches.get(id) : undefined;
      if (!batch) throw rpcError(5730, 'wallet_getCallsStatus: unknown batch id');
      const client = createPublicClient({ chain: batch.chain, transport: http(batch.chain.rpcUrls.default.http[0]) });
      const receipts = await Promise.all(
        batch.hashes.map((hash) => client.getTransactionReceipt({ hash }).catch(() => null)),
      );
      const done = receipts.filter((r) => r !== null);
      const reverted = done.filter((r) => r.status !== 'success').length;
      const status = done.length < receipts.length ? 100 : reverted === 0 ? 200 : reverted === done.length ? 500 : 600;
      return {
        version: '2.0.0',
        id,
        chainId: numberToHex(batch.chain.id),
        status,
        atomic: false,
        ...(status === 100
          ? {}
          : {
              receipts: done.map((r) => ({
                logs: r.logs.map((log) => ({ address: log.address, data: log.data, topics: log.topics })),
                status: r.status === 'success' ? '0x1' : '0x0',
                blockHash: r.blockHash,
                blockNumber: numberToHex(r.blockNumber),
                gasUsed: numberToHex(r.gasUsed),
                transactionHash: r.transactionHash,
              })),
            }),
      };
    },
  };
}

import { createStore } from 'zustand/vanilla';
import { EMBEDDED_TIMEOUTS_MS, ErrorCode } from '@airlock/protocol';
import { apiFailure } from '../api/client.ts';
import type { ApprovalDetails } from '../rpc/details.ts';

/** One request waiting for the person: what the approval screen renders. No key material. */
export type PendingApproval = {
  /** The rpcRequest id (from the widget frame). */
  id: string;
  method: string;
  details: ApprovalDetails;
  /** The dapp origin the secure frame verified. */
  dappOrigin: string;
  /** CAIP-2 network of the request. */
  caipNetworkId: string;
  /** The network's name from the deployment (`networkNames`), set by the queue; never the page's. */
  networkName?: string;
};

/** The approval stack: oldest first; the screen shows the first. */
export type ApprovalState = { pending: PendingApproval[] };

/** Message of a request that waited longer than the approval timeout (spec §8). */
export const APPROVAL_TIMED_OUT = 'Embedded Wallet Request Timed Out';

/**
 * The approval queue of one secure frame: `ask` adds a request and resolves
 * true (approved) or false (rejected); it rejects with 4001 'Request was aborted'
 * on `abort`, and with -32603 'Embedded Wallet Request Timed Out' after `timeoutMs`
 * (default 300 s). Each request shown carries its network's name from `networkNames` (the
 * deployment's, CAIP-2 id → name). `onChange` is told whether anything is pending (to show or
 * hide the frame).
 */
export function createApprovalQueue(
  onChange: (pending: PendingApproval[]) => void,
  timeoutMs: number = EMBEDDED_TIMEOUTS_MS.approval,
  networkNames: Record<string, string> = {},
) {
  const store = createStore<ApprovalState>(() => ({ pending: [] }));
  const settle = new Map<
    string,
    { resolve: (approved: boolean) => void; reject: (error: Error) => void; timer: ReturnType<typeof setTimeout> }
  >();
  const remove = (id: string) => {
    const entry = settle.get(id);
    if (entry) clearTimeout(entry.timer);
    settle.delete(id);
    store.setState((s) => ({ pending: s.pending.filter((p) => p.id !== id) }));
    onChange(store.getState().pending);
  };
  return {
    store,
    /** Adds a request; resolves with the decision. */
    ask: (approval: PendingApproval): Promise<boolean> =>
      new Promise<boolean>((resolve, reject) => {
        if (settle.has(approval.id))
          return reject(apiFailure(ErrorCode.InvalidRequest, 'A request with this id is pending'));
        const timer = setTimeout(() => {
          remove(approval.id);
          reject(apiFailure(ErrorCode.InternalError, APPROVAL_TIMED_OUT));
        }, timeoutMs);
        settle.set(approval.id, { resolve, reject, timer });
        const networkName = Object.hasOwn(networkNames, approval.caipNetworkId)
          ? networkNames[approval.caipNetworkId]
          : undefined;
        const shown = networkName ? { ...approval, networkName } : approval;
        store.setState((s) => ({ pending: [...s.pending, shown] }));
        onChange(store.getState().pending);
      }),
    /** The person's decision on request `id` (no-op when it is not pending). */
    decide: (id: string, approved: boolean) => {
      const entry = settle.get(id);
      if (!entry) return;
      remove(id);
      entry.resolve(approved);
    },
    /** RPC_ABORT: rejects request `id` with 4001 'Request was aborted'. */
    abort: (id: string) => {
      const entry = settle.get(id);
      if (!entry) return;
      remove(id);
      entry.reject(apiFailure(ErrorCode.UserRejected, 'Request was aborted'));
    },
    /** Rejects everything pending (sign-out, reload). */
    clear: () => {
      for (const id of [...settle.keys()]) {
        const entry = settle.get(id)!;
        remove(id);
        entry.reject(apiFailure(ErrorCode.UserRejected, 'Request was aborted'));
      }
    },
  };
}

/** An approval queue. */
export type ApprovalQueue = ReturnType<typeof createApprovalQueue>;

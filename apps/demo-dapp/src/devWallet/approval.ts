/**
 * What the Dev Wallet asks the person: the EIP-1193 method and a readable
 * summary (one line per fact, e.g. `Message: hello`, `To: 0x…`, `Value: 0.01 ETH`).
 */
export type ApprovalRequest = {
  /** The EIP-1193 method, e.g. `personal_sign`. */
  method: string;
  /** Readable lines shown under the method. */
  summary: string[];
};

/**
 * Asks the person about one request. Resolves `true` on Approve, `false` on
 * Reject; never rejects.
 */
export type Approver = (request: ApprovalRequest) => Promise<boolean>;

/** An {@link Approver} that approves everything at once (`?autoApprove=1`, tests). */
export const autoApprove: Approver = async () => true;

/**
 * Wraps `approver` so requests are asked one at a time, in arrival order
 * (a second request waits until the first is answered).
 */
export function queueApprovals(approver: Approver): Approver {
  let tail: Promise<unknown> = Promise.resolve();
  return (request) => {
    const answer = tail.then(() => approver(request));
    tail = answer.catch(() => false);
    return answer;
  };
}

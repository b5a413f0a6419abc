import { describe, expect, it } from 'vitest';
import { createTestFrame } from '../testing/testFrame.ts';
import { endApproval, showApproval } from './embeddedApproval.ts';

const views = (stack: readonly { view: string; requestId?: string }[]) =>
  stack.map((r) => (r.view === 'ApproveTransaction' ? `Approve:${r.requestId}` : r.view));

describe('approval views in the stack', () => {
  it('a second approval queues under the one showing, and comes up when that one settles', async () => {
    const { frame } = await createTestFrame();
    showApproval(frame, 'req-1', 'personal_sign');
    showApproval(frame, 'req-2', 'eth_sendTransaction');
    showApproval(frame, 'req-3', 'personal_sign');
    // The top view is the oldest request: the one the secure frame shows first.
    expect(views(frame.store.getState().modal.stack)).toEqual(['Approve:req-3', 'Approve:req-2', 'Approve:req-1']);
    endApproval(frame, 'req-1');
    expect(views(frame.store.getState().modal.stack)).toEqual(['Approve:req-3', 'Approve:req-2']);
    endApproval(frame, 'req-2');
    endApproval(frame, 'req-3');
    expect(frame.store.getState().modal.open).toBe(false);
  });

  it('over another view it is pushed on top; a later approval queues under it, above that view', async () => {
    const { frame } = await createTestFrame();
    frame.store.setState((s) => ({ modal: { ...s.modal, open: true, stack: [{ view: 'Connect' }] } }));
    showApproval(frame, 'req-1');
    showApproval(frame, 'req-2');
    expect(views(frame.store.getState().modal.stack)).toEqual(['Connect', 'Approve:req-2', 'Approve:req-1']);
  });
});

// Moved: the `Frame` type lives in store/frame.ts, `createFrame` in app/frame.ts. This re-export
// stays only for the files edited on parallel branches (swap, approvals); import store/frame.ts.
export type { Frame } from '../store/frame.ts';

// Moved to store/state.ts. This re-export stays only for the files edited on parallel branches
// (swap, approvals); import store/state.ts.
export * from '../store/state.ts';

// Moved to store/routes.ts. This re-export stays only for the files edited on parallel branches
// (approvals); import store/routes.ts.
export * from '../store/routes.ts';

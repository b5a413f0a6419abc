import { accountMethods } from './accounts.ts';
import { clusterMethods } from './cluster.ts';
import type { Method } from './context.ts';
import { transactionMethods } from './transactions.ts';

export { API_VERSION, type Method, type MethodContext, method } from './context.ts';

/** Every JSON-RPC method the HTTP endpoint serves, by name. */
export const METHODS: Readonly<Record<string, Method>> = Object.freeze({
  ...accountMethods,
  ...transactionMethods,
  ...clusterMethods,
});

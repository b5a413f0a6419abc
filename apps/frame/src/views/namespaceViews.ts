import type { NamespaceViews } from '../namespaces/types.ts';

/** Each namespace's views (`namespaces/<name>/views.ts`), by the file's path; read in the modal's UI chunk only. */
const all = import.meta.glob<NamespaceViews>('../namespaces/*/views.ts', { eager: true, import: 'views' });

/** The views of the namespace of a CAIP-2 network id (the part before the first colon), or undefined. */
export const namespaceViewsOf = (caipNetworkId: string): NamespaceViews | undefined =>
  all[`../namespaces/${caipNetworkId.slice(0, caipNetworkId.indexOf(':'))}/views.ts`];

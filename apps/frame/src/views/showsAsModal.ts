import type { Route } from '../store/routes.ts';

/**
 * Whether `route` is shown in the modal overlay even in embedded mode: an approval of the
 * embedded wallet (ApproveTransaction) is drawn over the whole page as usual (docs/threat-model.md
 * "Embedded (inline) mode"), never inside the page's layout, where the page decides its size and
 * what lies over it. Pure.
 */
export const showsAsModal = (route: Route): boolean => route.view === 'ApproveTransaction';

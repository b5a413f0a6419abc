import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { namespaceViewsOf } from './namespaceViews.ts';

/** The lazy account details made so far, by namespace (one `lazy()` each). */
const made = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * The active network's namespace's own part of the Account view (`NamespaceViews.accountDetails`,
 * e.g. bip122's ordinals address and confirmed / unconfirmed BTC); nothing when it has none.
 */
export function NamespaceAccountDetails({ caipNetworkId }: { caipNetworkId: string }) {
  const load = namespaceViewsOf(caipNetworkId)?.accountDetails;
  if (!load) return null;
  const name = caipNetworkId.slice(0, caipNetworkId.indexOf(':'));
  const Details = made.get(name) ?? lazy(load);
  made.set(name, Details);
  return (
    <Suspense fallback={null}>
      <Details />
    </Suspense>
  );
}

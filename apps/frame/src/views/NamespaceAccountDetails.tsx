import { Suspense, type ComponentType } from 'react';
import { lazyPart } from './lazyPart.tsx';
import { namespaceViewsOf } from './namespaceViews.ts';

/** The lazy account details made so far, by namespace (one `lazyPart()` each). */
const made = new Map<string, ComponentType>();

/**
 * The active network's namespace's own part of the Account view (`NamespaceViews.accountDetails`,
 * e.g. bip122's ordinals address and confirmed / unconfirmed BTC); nothing when it has none. A chunk
 * that fails to load says so in place, with Try again (views/lazyPart.tsx).
 */
export function NamespaceAccountDetails({ caipNetworkId }: { caipNetworkId: string }) {
  const load = namespaceViewsOf(caipNetworkId)?.accountDetails;
  if (!load) return null;
  const name = caipNetworkId.slice(0, caipNetworkId.indexOf(':'));
  const Details = made.get(name) ?? lazyPart(load);
  made.set(name, Details);
  return (
    <Suspense fallback={null}>
      <Details />
    </Suspense>
  );
}

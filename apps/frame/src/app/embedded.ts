import { embeddedHooks } from '../actions/embedded.ts';
import { watchApprovals, watchEmailFlows } from '../actions/embeddedApproval.ts';
import { createEmbeddedConnector, type EmbeddedConnector } from '../connectors/embedded/connector.ts';
import { createIframeLink, type SecureFrameLink } from '../connectors/embedded/link.ts';
import type { ConnectorEvents } from '../connectors/types.ts';
import type { Frame } from '../store/frame.ts';

/**
 * The embedded connector of `frame`, wired to the store: its hooks (actions/embedded.ts),
 * the watchers that abort a pending approval and end an email login or update whose
 * view left the stack, and the cleanup
 * that removes the secure frame on destroy. Made on first use (connectors/embedded/index.ts).
 * `link` defaults to the iframe on the deployment's `secureFrameOrigin`.
 * @throws Error when there is neither a link nor a secure-frame origin.
 */
export function createFrameEmbeddedConnector(
  frame: Frame,
  events: ConnectorEvents,
  link?: SecureFrameLink,
): EmbeddedConnector {
  const origin = frame.deployment.secureFrameOrigin;
  const channelLink = link ?? (origin ? createIframeLink(origin) : null);
  if (!channelLink) throw new Error('No auth connector found');
  const pending = new Set<string>();
  const connector = createEmbeddedConnector({
    link: channelLink,
    config: frame.config,
    events,
    hooks: embeddedHooks(frame, pending),
  });
  frame.runtime.cleanups.push(
    watchApprovals(frame, pending, (requestId) => {
      pending.delete(requestId);
      connector.abort(requestId);
    }),
    watchEmailFlows(frame, () => connector.cancel()),
    () => connector.destroy(),
  );
  return connector;
}

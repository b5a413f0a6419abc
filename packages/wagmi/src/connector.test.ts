import { connection, createTestWidget } from '@airlock/testing/widget';
import { describe, expect, it } from 'vitest';
import { airlock } from './index.ts';

/** The connector as wagmi builds it, on a config with no chains (only what these calls read). */
const connectorOf = (widget: ReturnType<typeof createTestWidget>) =>
  airlock({ widget })({ chains: [], emitter: { emit() {} } } as never);

describe('@airlock/wagmi connector', () => {
  it('exposes the active eip155 connection of the widget, and undefined when there is none', async () => {
    const widget = createTestWidget();
    const connector = connectorOf(widget);
    expect(await connector.getActiveConnection()).toBeUndefined();
    const inactive = { ...connection, connectorId: 'other', active: false };
    widget.emitConnections({ type: 'connections', chainNamespace: 'eip155', connections: [inactive, connection] });
    expect(await connector.getActiveConnection()).toEqual(connection);
    expect(widget.calls).toEqual(['getConnections eip155', 'getConnections eip155']);
    expect(connector.getWidget()).toBe(widget);
  });
});

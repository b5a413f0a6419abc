import { connected, createTestWidget } from '@airlock/testing/widget';
import { renderToString } from '@vue/server-renderer';
import { createSSRApp } from 'vue';
import { describe, expect, it, vi } from 'vitest';
import { createAirlock } from './index.ts';
import { Status } from './testApp.ts';

// The real createWidget, spied on: it must never run during a server render.
const createWidget = vi.hoisted(() => vi.fn());
vi.mock('@airlock/host-sdk', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@airlock/host-sdk')>()),
  createWidget,
}));

const options = { projectId: 'airlock-dev', frameUrl: 'http://127.0.0.1:5174/', networks: [] };

describe('server rendering (Nuxt, renderToString; no DOM)', () => {
  it('runs in Node without window or document', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it('renders the disconnected markup from options without creating a widget', async () => {
    const app = createSSRApp(Status).use(createAirlock({ options }));
    const html = await renderToString(app);
    expect(html).toContain('>disconnected<');
    expect(html).toContain('>Not connected<');
    expect(html).toContain('no state|no widget|no provider');
    expect(createWidget).not.toHaveBeenCalled();
  });

  it('renders a widget given to the plugin with its state (the server has no widget in practice: this is what one would show)', async () => {
    const widget = createTestWidget();
    widget.emit(connected);
    const html = await renderToString(createSSRApp(Status).use(createAirlock({ widget })));
    expect(html).toContain('>connected<');
    expect(html).toContain('eip155 31337');
    expect(widget.calls).toEqual([]);
  });

  it('names the missing plugin when a composable runs without it', async () => {
    await expect(renderToString(createSSRApp(Status))).rejects.toThrow(
      'Airlock: install the plugin first: app.use(createAirlock({ options }))',
    );
  });
});

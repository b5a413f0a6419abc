// @vitest-environment happy-dom
import type { FrameMethods } from '@airlock/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { openModal } from '../actions/modal.ts';
import { startEmailLogin } from '../actions/embeddedLogin.ts';
import type { Frame } from '../store/frame.ts';
import { createFrameMethods } from '../handlers/frameMethods.ts';
import { createSecureFrameDouble } from '../testing/secureFrameDouble.ts';
import { createTestFrame, flush, testConfig } from '../testing/testFrame.ts';
import { startTheme } from './themeRuntime.ts';
import { parseColor } from './themeColor.ts';

const frames: Frame[] = [];
const call = (methods: FrameMethods, ...args: unknown[]) =>
  (methods.setTheme as (...a: unknown[]) => Promise<unknown>)(...args);

/** A `prefers-color-scheme: dark` query the test flips. */
function darkQuery(matches: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  return {
    query: query as unknown as MediaQueryList,
    set(next: boolean) {
      query.matches = next;
      for (const listener of listeners) listener();
    },
  };
}

async function setup(config = testConfig()) {
  const { frame } = await createTestFrame({ config, start: false });
  frames.push(frame);
  const root = document.createElement('div');
  const os = darkQuery(false);
  frame.runtime.cleanups.push(startTheme(frame, { root, darkQuery: os.query, read: parseColor }));
  return { frame, root, os, methods: createFrameMethods(frame) };
}

afterEach(() => {
  for (const f of frames.splice(0)) f.destroy();
});

describe('theme at run time', () => {
  it('applies the config theme at start: mode and variables on the root', async () => {
    const { root } = await setup({
      ...testConfig(),
      themeMode: 'dark',
      themeVariables: { accent: '#ffeb3b', borderRadius: 4, fontFamily: 'Georgia, serif' },
    });
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.getPropertyValue('--airlock-accent')).toBe('#ffeb3b');
    expect(root.style.getPropertyValue('--airlock-accent-fg')).toBe('#000000');
    expect(root.style.getPropertyValue('--airlock-radius-button')).toBe('3px');
    expect(root.style.getPropertyValue('--airlock-font')).toBe('Georgia, serif');
  });

  it('a refused colour in the config leaves the default theme (the widget still starts)', async () => {
    const { frame, root } = await setup({ ...testConfig(), themeVariables: { accent: 'banana', borderRadius: 4 } });
    expect(root.getAttribute('style') ?? '').toBe('');
    expect(frame.store.getState().theme.themeVariables).toEqual({});
  });

  it('setTheme changes the mode and replaces the variables at once', async () => {
    const { frame, root, methods } = await setup();
    expect(root.dataset.theme).toBeUndefined();
    expect(
      await call(methods, { themeMode: 'dark', themeVariables: { accent: '#3b5bfd', colorMix: '#ff0000' } }),
    ).toEqual({ ok: true, value: null });
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.getPropertyValue('--airlock-accent-fg')).toBe('#ffffff');
    expect(root.style.getPropertyValue('--airlock-mix-strength')).toBe('20%');
    // Replacing, not merging: the accent goes back to the stylesheet's default; the mode stays.
    await call(methods, { themeVariables: { borderRadius: 0 } });
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.getPropertyValue('--airlock-accent')).toBe('');
    expect(root.style.getPropertyValue('--airlock-mix')).toBe('');
    expect(root.style.getPropertyValue('--airlock-radius')).toBe('0px');
    expect(frame.store.getState().theme.themeVariables).toEqual({ borderRadius: 0 });
  });

  it('refuses invalid values with -32602 and changes nothing', async () => {
    const { frame, root, methods } = await setup();
    await call(methods, { themeMode: 'light', themeVariables: { accent: '#ff0000' } });
    const before = { theme: frame.store.getState().theme, style: root.getAttribute('style'), mode: root.dataset.theme };
    for (const theme of [
      { themeVariables: { accent: 'red; background: url(x)' } },
      { themeVariables: { accent: '"#fff"' } },
      { themeVariables: { borderRadius: 33 } },
      { themeVariables: { colorMixStrength: 101 } },
      { themeVariables: { fontFamily: 'x{}' } },
      { themeVariables: { shadow: '1px' } },
      { themeMode: 'dim' },
      { themeMode: 'dark', themeVariables: { accent: 'banana' } },
      { themeMode: 'dark', themeVariables: { colorMix: 'var(--airlock-fg)' } },
    ]) {
      expect(await call(methods, theme), JSON.stringify(theme)).toMatchObject({ ok: false, error: { code: -32602 } });
    }
    expect(await call(methods)).toMatchObject({ ok: false, error: { code: -32602 } });
    expect({
      theme: frame.store.getState().theme,
      style: root.getAttribute('style'),
      mode: root.dataset.theme,
    }).toEqual(before);
  });

  it('follows the OS colour scheme live when no mode is given, and not when one is', async () => {
    const { frame, os, methods } = await setup();
    expect(frame.store.getState().theme.systemMode).toBe('light');
    os.set(true);
    expect(frame.store.getState().theme.systemMode).toBe('dark');
    await call(methods, { themeMode: 'light' });
    os.set(false);
    os.set(true);
    expect(frame.store.getState().theme).toMatchObject({ themeMode: 'light', systemMode: 'dark' });
  });
});

describe('theme sync to the secure frame (SYNC_THEME)', () => {
  it('sends the full theme at init and again on every change', async () => {
    const double = createSecureFrameDouble();
    const config = { ...testConfig(), features: { email: true }, themeVariables: { accent: '#ffeb3b' } };
    const { frame } = await createTestFrame({ config, secureFrame: double });
    frames.push(frame);
    const methods = createFrameMethods(frame);
    openModal(frame);
    expect((await startEmailLogin(frame, 'ada@example.com')).ok).toBe(true);
    const syncs = () => double.calls.filter((c) => c.name === 'syncTheme').map((c) => c.args[0]);
    expect(syncs()).toEqual([
      {
        themeMode: 'light',
        themeVariables: { '--airlock-accent': '#ffeb3b', '--airlock-accent-fg': '#000000' },
      },
    ]);
    await call(methods, { themeMode: 'dark', themeVariables: { borderRadius: 8 } });
    await flush();
    expect(syncs()).toHaveLength(2);
    expect(syncs()[1]).toMatchObject({ themeMode: 'dark', themeVariables: { '--airlock-radius': '8px' } });
    expect(syncs()[1]).not.toHaveProperty(['themeVariables', '--airlock-accent']);
  });
});

// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio, mixSrgb, parseColor } from './contrast.ts';
import { applySyncedTheme, localThemeProperties, PALETTE, readableTheme } from './theme.ts';

describe('synced theme (SYNC_THEME)', () => {
  it('maps the known properties and drops unknown names and unsafe values', () => {
    expect(
      localThemeProperties({
        '--airlock-accent': '#ffeb3b',
        '--airlock-accent-fg': '#000000',
        '--airlock-radius-button': '6px',
        '--airlock-font': 'Georgia, serif',
        '--airlock-mix-strength': 30,
        '--al-fg': '#ff0000',
        '--airlock-mix': 'red; background: url(https://attacker.example)',
        '--airlock-radius': 'var(--al-fg)',
        color: 'red',
      }),
    ).toEqual({
      '--al-accent': '#ffeb3b',
      '--al-accent-fg': '#000000',
      '--al-radius-button': '6px',
      '--al-font': 'Georgia, serif',
      '--al-mix-strength': '30',
    });
  });

  it('sets the mode and replaces the last set of properties on the root', () => {
    const root = document.createElement('div');
    applySyncedTheme(root, { themeMode: 'dark', themeVariables: { '--airlock-accent': '#ffeb3b' } });
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.getPropertyValue('--al-accent')).toBe('#ffeb3b');
    applySyncedTheme(root, { themeMode: 'light', themeVariables: { '--airlock-radius-input': '0px' } });
    expect(root.dataset.theme).toBe('light');
    expect(root.style.getPropertyValue('--al-accent')).toBe('');
    expect(root.style.getPropertyValue('--al-radius-input')).toBe('0px');
  });
});

describe('the approval owns its contrast', () => {
  const css = readFileSync(join(import.meta.dirname, '../styles.css'), 'utf8');
  const block = (selector: string) =>
    css.slice(css.indexOf(`${selector} {`), css.indexOf('}', css.indexOf(`${selector} {`)));
  const valueIn = (text: string, name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(text)?.[1]?.trim();

  it('knows the palette styles.css draws with', () => {
    const names = {
      baseBg: '--al-base-bg',
      fg: '--al-fg',
      muted: '--al-muted',
      warning: '--al-warning',
      accent: '--al-accent',
      accentFg: '--al-accent-fg',
    } as const;
    for (const [mode, selector] of [
      ['light', ':root'],
      ['dark', ":root[data-theme='dark']"],
    ] as const)
      for (const [key, name] of Object.entries(names))
        expect([mode, key, valueIn(block(selector), name)]).toEqual([
          mode,
          key,
          PALETTE[mode][key as keyof typeof names],
        ]);
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio(parseColor('#000')!, parseColor('#ffffff')!)).toBeCloseTo(21, 5);
    expect(contrastRatio(parseColor('#141414')!, parseColor('rgb(20, 20, 20)')!)).toBe(1);
    expect(contrastRatio(parseColor('#6b6b6b')!, parseColor('#fff')!)).toBeCloseTo(5.33, 2);
    expect(parseColor('rgba(0, 0, 0, 0.5)')).toEqual([0, 0, 0, 0.5]);
    expect(parseColor('#ffeb3b80')?.[3]).toBeCloseTo(0.5, 2);
    expect(parseColor('red')).toBeNull();
    expect(parseColor('rgb(300, 0, 0)')).toBeNull();
  });

  it('the default palettes pass on their own background', () => {
    for (const mode of ['light', 'dark'] as const) {
      const p = PALETTE[mode];
      const bg = parseColor(p.baseBg)!;
      for (const text of [p.fg, p.muted, p.warning])
        expect(contrastRatio(parseColor(text)!, bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(parseColor(p.accent)!, parseColor(p.accentFg)!)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("refuses colorMix '#141414' at strength 100 in light mode (text at 1:1) and keeps it in dark mode", () => {
    const theme = { '--al-mix': '#141414', '--al-mix-strength': '100%' };
    expect(readableTheme(theme, 'light')).toEqual({ properties: {}, refused: ['mix'] });
    expect(readableTheme(theme, 'dark')).toEqual({ properties: theme, refused: [] });
    const root = document.createElement('div');
    applySyncedTheme(root, {
      themeMode: 'light',
      themeVariables: { '--airlock-mix': '#141414', '--airlock-mix-strength': '100%', '--airlock-accent': '#8b0000' },
    });
    expect(root.style.getPropertyValue('--al-mix')).toBe('');
    expect(root.style.getPropertyValue('--al-mix-strength')).toBe('');
    expect(root.style.getPropertyValue('--al-accent')).toBe('#8b0000');
    expect(root.dataset.themeRefused).toBe('mix');
  });

  it('keeps a mild mix (strength written as a percentage) and refuses translucent, unreadable or unknown colours', () => {
    expect(readableTheme({ '--al-mix': '#3b5bfd', '--al-mix-strength': '5' }, 'light')).toEqual({
      properties: { '--al-mix': '#3b5bfd', '--al-mix-strength': '5%' },
      refused: [],
    });
    // The muted label ("Requested by") and the warning would fall under 4.5:1 though the text passes:
    // they move towards the text colour until they read.
    const grey = readableTheme({ '--al-mix': '#808080', '--al-mix-strength': '60%' }, 'light');
    expect(grey.refused).toEqual([]);
    const bg = mixSrgb(parseColor('#808080')!, 0.6, parseColor('#ffffff')!);
    for (const name of ['--al-muted', '--al-warning']) {
      const [, r, g, b] = /rgb\((\d+) (\d+) (\d+)\)/.exec(grey.properties[name]!)!.map(Number);
      expect(contrastRatio([r!, g!, b!, 1], bg)).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableTheme({ '--al-mix': 'rgba(0, 0, 0, 0.9)', '--al-mix-strength': '50%' }, 'light').refused).toEqual([
      'mix',
    ]);
    expect(readableTheme({ '--al-mix': 'red', '--al-mix-strength': '10%' }, 'light', () => null).refused).toEqual([
      'mix',
    ]);
    expect(readableTheme({ '--al-mix': '#000', '--al-mix-strength': '150%' }, 'dark').refused).toEqual(['mix']);
  });

  it('refuses an accent whose label is unreadable on it', () => {
    expect(readableTheme({ '--al-accent': '#ffeb3b', '--al-accent-fg': '#ffffff' }, 'light')).toEqual({
      properties: {},
      refused: ['accent'],
    });
    expect(readableTheme({ '--al-accent': '#ffeb3b', '--al-accent-fg': '#000000' }, 'light').refused).toEqual([]);
  });
});

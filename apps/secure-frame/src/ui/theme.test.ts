// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { applySyncedTheme, localThemeProperties } from './theme.ts';

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

import { describe, expect, it } from 'vitest';
import { contrastRatio, iconColour, PROVIDER_ICONS } from './icons.ts';

describe('social button logos', () => {
  it('brand colour where it reads on the light and the dark surface, the foreground otherwise', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(iconColour('google')).toBe('#4285F4');
    expect(iconColour('facebook')).toBe('#0866FF');
    expect(iconColour('discord')).toBe('#5865F2');
    // Black brands vanish on the dark theme: drawn in the theme's text colour.
    for (const provider of ['github', 'apple', 'x'] as const) expect(iconColour(provider)).toBe('currentColor');
  });

  it('every provider has a single-path 24x24 icon', () => {
    for (const icon of Object.values(PROVIDER_ICONS)) {
      expect(icon.path).toMatch(/^M[\d.\s,-]/);
      expect(icon.hex).toMatch(/^#[0-9A-F]{6}$/i);
    }
  });
});

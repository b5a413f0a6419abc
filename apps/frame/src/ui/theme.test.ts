import { describe, expect, it } from 'vitest';
import { radiusScale, themeProperties } from './theme.ts';
import { AA_CONTRAST, contrastRatio, parseColor, readableForeground, type Rgb } from './themeColor.ts';

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

describe('contrast (WCAG 2.x)', () => {
  it('measures the known ratios', () => {
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 5);
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio([119, 119, 119], WHITE)).toBeCloseTo(4.48, 2);
  });

  it('puts black text on light accents and white text on dark ones', () => {
    expect(readableForeground([255, 235, 59])).toBe('#000000'); // yellow
    expect(readableForeground([0, 255, 0])).toBe('#000000'); // lime
    expect(readableForeground([59, 91, 253])).toBe('#ffffff'); // the default blue
    expect(readableForeground([128, 0, 0])).toBe('#ffffff'); // maroon
  });

  it('always reaches AA (4.5:1) whatever the accent', () => {
    for (let r = 0; r <= 255; r += 17)
      for (let g = 0; g <= 255; g += 17)
        for (let b = 0; b <= 255; b += 17) {
          const accent: Rgb = [r, g, b];
          const fg = readableForeground(accent) === '#ffffff' ? WHITE : BLACK;
          expect(contrastRatio(accent, fg)).toBeGreaterThanOrEqual(AA_CONTRAST);
        }
  });
});

describe('parseColor', () => {
  it('reads hex, rgb() and hsl() colours as sRGB', () => {
    expect(parseColor('#3b5bfd')).toEqual([59, 91, 253]);
    expect(parseColor('#FFF')).toEqual([255, 255, 255]);
    expect(parseColor('#11223380')).toEqual([17, 34, 51]);
    expect(parseColor('rgb(10, 20, 30)')).toEqual([10, 20, 30]);
    expect(parseColor('rgb(100% 0% 50% / 0.5)')).toEqual([255, 0, 128]);
    expect(parseColor('hsl(0, 100%, 50%)')).toEqual([255, 0, 0]);
    expect(parseColor('hsl(120deg 100% 25%)')).toEqual([0, 128, 0]);
  });

  it('answers null for what is not a colour it knows', () => {
    for (const value of ['#12', '#gggggg', 'rgb(1, 2)', 'rgb(a, b, c)', 'hsl(10, 20, 30)', 'banana', ''])
      expect(parseColor(value), value).toBeNull();
  });
});

describe('radius scale', () => {
  it('derives every radius from one base', () => {
    expect(radiusScale(16)).toEqual({ modal: 16, button: 12, input: 10, chip: 32, small: 6 });
    expect(radiusScale(0)).toEqual({ modal: 0, button: 0, input: 0, chip: 0, small: 0 });
    expect(radiusScale(32)).toEqual({ modal: 32, button: 24, input: 20, chip: 64, small: 12 });
    expect(radiusScale(5)).toEqual({ modal: 5, button: 4, input: 3, chip: 10, small: 2 });
  });
});

describe('themeProperties', () => {
  it('maps each variable to its custom properties', () => {
    expect(
      themeProperties({ accent: '#ffeb3b', borderRadius: 8, fontFamily: 'Georgia, serif', zIndex: 5 }, parseColor),
    ).toEqual({
      ok: true,
      value: {
        '--airlock-accent': '#ffeb3b',
        '--airlock-accent-fg': '#000000',
        '--airlock-radius': '8px',
        '--airlock-radius-button': '6px',
        '--airlock-radius-input': '5px',
        '--airlock-radius-chip': '16px',
        '--airlock-radius-small': '3px',
        '--airlock-font': 'Georgia, serif',
      },
    });
    expect(themeProperties({}, parseColor)).toEqual({ ok: true, value: {} });
  });

  it('mixes the colour at the given strength, 20 % when none is given', () => {
    expect(themeProperties({ colorMix: '#ff0000', colorMixStrength: 45 }, parseColor)).toEqual({
      ok: true,
      value: { '--airlock-mix': '#ff0000', '--airlock-mix-strength': '45%' },
    });
    expect(themeProperties({ colorMix: 'rgb(0, 0, 255)' }, parseColor)).toMatchObject({
      value: { '--airlock-mix-strength': '20%' },
    });
    // A strength without a colour mixes nothing.
    expect(themeProperties({ colorMixStrength: 45 }, parseColor)).toEqual({ ok: true, value: {} });
  });

  it('refuses a value that is not a colour with -32602 naming the variable', () => {
    expect(themeProperties({ accent: 'banana' }, parseColor)).toMatchObject({
      ok: false,
      error: { code: -32602, message: expect.stringContaining('accent') },
    });
    expect(themeProperties({ accent: '#fff', colorMix: 'var(--x)' }, parseColor)).toMatchObject({
      ok: false,
      error: { code: -32602, message: expect.stringContaining('colorMix') },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { ProjectInputSchema } from './projects.ts';

const project = (features: unknown) => ({ id: 'p', name: 'P', allowedOrigins: ['*'], features });

// Spec §1 remote features, §5 'Onramp providers must be a string list'.
describe('a project’s features', () => {
  it('onramp is on, off, or the list of provider ids the widget shows', () => {
    expect(ProjectInputSchema.parse(project({ onramp: ['sandbox-a'] })).features.onramp).toEqual(['sandbox-a']);
    expect(ProjectInputSchema.parse(project({ onramp: false })).features.onramp).toBe(false);
  });

  it('an operator’s onramp that is neither is refused, not read as off', () => {
    expect(() => ProjectInputSchema.parse(project({ onramp: 'sandbox-a' }))).toThrow();
  });

  it('reownBranding is the operator’s switch of the widget’s footer', () => {
    expect(ProjectInputSchema.parse(project({ reownBranding: false })).features.reownBranding).toBe(false);
    expect(() => ProjectInputSchema.parse(project({ reownBranding: 'no' }))).toThrow();
  });
});

// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEmailLogin } from './lazyEmail.tsx';

afterEach(cleanup);

/** A stand-in for the real view. */
const Real = () => <p>real</p>;

describe('the email login chunk (spec §2 lazy parts, §8)', () => {
  it("a chunk that fails to load shows 'Unable to load email login dependency' instead of failing the modal", async () => {
    const { default: View } = await loadEmailLogin(() => Promise.reject(new TypeError('Failed to fetch')));
    render(<View />);
    expect(screen.getByRole('alert').textContent).toBe('Unable to load email login dependency');
  });

  it('a chunk that loads is the view itself', async () => {
    expect((await loadEmailLogin(() => Promise.resolve({ default: Real }))).default).toBe(Real);
  });
});

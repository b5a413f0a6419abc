import { afterEach, describe, expect, it, vi } from 'vitest';
import { createImageCache, IMAGE_PRELOAD_TIMEOUT_MS, PREFETCH_COUNT } from './images.ts';

/** A stand-in for the DOM's Image: records each src; `load(url)` fires its onload, nothing fires by itself. */
class FakeImage {
  static made: FakeImage[] = [];
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  src = '';
  constructor() {
    FakeImage.made.push(this);
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeImage.made = [];
});

// Spec §9 'Image prefetch first 20 wallets; image preload timeout 2 s' (row 9.12).
describe('wallet image prefetch (spec §9)', () => {
  it('prefetches the first 20 images only', async () => {
    vi.stubGlobal('Image', FakeImage);
    const cache = createImageCache();
    const urls = Array.from({ length: 25 }, (_, i) => `https://img.test/${i}.png`);
    const done = cache.prefetch(urls);
    expect(PREFETCH_COUNT).toBe(20);
    expect(FakeImage.made.map((image) => image.src)).toEqual(urls.slice(0, 20));
    for (const image of FakeImage.made) image.onload?.();
    await done;
    expect(cache.failed(urls[0]!)).toBe(false);
  });

  it('an image that does not load within 2 s counts as failed (the placeholder shows)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Image', FakeImage);
    const cache = createImageCache();
    const loaded = cache.preload('https://img.test/slow.png');
    vi.advanceTimersByTime(IMAGE_PRELOAD_TIMEOUT_MS - 1);
    expect(cache.failed('https://img.test/slow.png')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await loaded).toBe(false);
    expect(IMAGE_PRELOAD_TIMEOUT_MS).toBe(2_000);
    expect(cache.failed('https://img.test/slow.png')).toBe(true);
  });
});

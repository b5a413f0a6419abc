/**
 * A random UUID v4: `crypto.randomUUID()` where the page is a secure context (https,
 * localhost), else built from `crypto.getRandomValues` (an http page has no `randomUUID`).
 * The EIP-6963 announcement's `uuid`, and penpal's call and participant ids (build.mjs
 * points penpal's own generator here, so the host carries one).
 */
export const uuid = (): string =>
  crypto.randomUUID?.() ??
  '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
    (+c ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (+c / 4)))).toString(16),
  );

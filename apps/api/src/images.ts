import { and, eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { images } from './db/schema.ts';

/**
 * Image blobs for the image endpoints (spec §7): `/getWalletImage/{id}` (kind
 * `wallet`), `/public/getAssetImage/{id}` (`asset`, a network's imageId),
 * `/public/getCurrencyImage/{id}` (`currency`, e.g. `USD`),
 * `/public/getTokenImage/{id}` (`token`, a token symbol such as `ETH`).
 */
export type ImageKind = 'wallet' | 'asset' | 'currency' | 'token';

/** A stored image: MIME type (`image/svg+xml`, `image/png`) and bytes. */
export type StoredImage = { contentType: string; data: Uint8Array };

const PALETTE = ['#3b82f6', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#ec4899', '#14b8a6', '#6366f1'];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * A generated placeholder: a 96×96 rounded square, colour chosen from the
 * label, with up to 3 initials. Deterministic for a label. Used for seeds and
 * for tokens the indexer discovers.
 */
export function placeholderSvg(label: string): StoredImage {
  let hash = 0;
  for (const ch of label) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const colour = PALETTE[hash % PALETTE.length]!;
  const initials = escapeXml(
    label
      .split(/[\s._-]+/)
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase())
      .join('')
      .slice(0, 3) || '?',
  );
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="24" fill="${colour}"/>` +
    `<text x="48" y="60" font-family="sans-serif" font-size="36" font-weight="600" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return { contentType: 'image/svg+xml', data: new TextEncoder().encode(svg) };
}

/** Stores (or replaces) an image. */
export async function putImage(db: Db, kind: ImageKind, id: string, image: StoredImage): Promise<void> {
  await db
    .insert(images)
    .values({ kind, id, contentType: image.contentType, data: image.data })
    .onConflictDoUpdate({
      target: [images.kind, images.id],
      set: { contentType: image.contentType, data: image.data },
    });
}

/** Stores an image only when none exists for (kind, id). */
export async function putImageIfMissing(db: Db, kind: ImageKind, id: string, image: StoredImage): Promise<void> {
  await db.insert(images).values({ kind, id, contentType: image.contentType, data: image.data }).onConflictDoNothing();
}

/** The stored image, or undefined. */
export async function getImage(db: Db, kind: ImageKind, id: string): Promise<StoredImage | undefined> {
  const [row] = await db
    .select({ contentType: images.contentType, data: images.data })
    .from(images)
    .where(and(eq(images.kind, kind), eq(images.id, id)))
    .limit(1);
  return row;
}

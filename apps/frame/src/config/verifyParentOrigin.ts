import { isOriginAllowed } from '@airlock/protocol';

/** What the browser tells the frame about its parent (DESIGN.md §2). */
export type ParentEvidence = {
  /** The origin the host claims in FrameConfig.parentOrigin. */
  claimed: string;
  /** `location.ancestorOrigins[0]` where the browser has it (Chromium, WebKit), else undefined. */
  ancestorOrigin?: string | undefined;
  /** `document.referrer`; ignored when empty. */
  referrer?: string | undefined;
};

/** `{ ok: true, origin }` with the verified parent origin, or `{ ok: false, message }`. */
export type OriginCheck = { ok: true; origin: string } | { ok: false; message: string };

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Verifies the parent origin before penpal connects (DESIGN.md §2, spec §5
 * 'origin must be in the project's allowed list'):
 * the claimed origin must be a plain origin (scheme://host[:port]), equal
 * `ancestorOrigins[0]` when present and the origin of a non-empty `referrer`,
 * and match one of `allowlist` (wildcards as in `isOriginAllowed`).
 * A parent that lied about its origin is refused. Never throws.
 */
export function verifyParentOrigin(evidence: ParentEvidence, allowlist: readonly string[]): OriginCheck {
  const claimed = originOf(evidence.claimed);
  if (!claimed || claimed !== evidence.claimed) {
    return { ok: false, message: `Invalid parent origin: ${evidence.claimed}` };
  }
  if (evidence.ancestorOrigin !== undefined && evidence.ancestorOrigin !== claimed) {
    return { ok: false, message: `Parent origin mismatch: ${claimed} claimed, ${evidence.ancestorOrigin} embeds the frame` };
  }
  if (evidence.referrer) {
    const referrerOrigin = originOf(evidence.referrer);
    if (referrerOrigin !== claimed) {
      return { ok: false, message: `Parent origin mismatch: ${claimed} claimed, referrer is ${referrerOrigin ?? 'opaque'}` };
    }
  }
  if (!isOriginAllowed(claimed, allowlist)) {
    return { ok: false, message: `Origin not allowed: ${claimed}` };
  }
  return { ok: true, origin: claimed };
}

import { isOriginAllowed } from '@airlock/protocol';

/** What the browser tells the frame about its parent and the pages above it. */
export type ParentEvidence = {
  /** The origin the host claims in FrameConfig.parentOrigin. */
  claimed: string;
  /**
   * `location.ancestorOrigins` (parent first, top-level page last) where the browser
   * has it (Chromium, WebKit); undefined where it does not (Firefox).
   */
  ancestorOrigins?: readonly string[] | undefined;
  /** `document.referrer`; ignored when empty. */
  referrer?: string | undefined;
};

/**
 * Which origins may embed the frame: the project's list AND the deployment bound.
 * `project` null = the bound alone decides; `bound` null = the project's list alone.
 * Both null allows nothing.
 */
export type OriginPolicy = {
  /** The project's allowed origin patterns (provider API, or its cached copy). */
  project: readonly string[] | null;
  /** The deployment's bound (Deployment.allowedOrigins). */
  bound: readonly string[] | null;
};

/** `{ ok: true, origin }` with the verified parent origin, or `{ ok: false, message }`. */
export type OriginCheck = { ok: true; origin: string } | { ok: false; message: string };

/** The origin of `url`, or null for an unparsable URL or an opaque origin. */
export function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** True when `value` is exactly an origin (scheme://host[:port], no path, not opaque). */
export function isPlainOrigin(value: string): boolean {
  return originOf(value) === value;
}

/**
 * True when `origin` matches the policy: the project's list (when there is one) and
 * the bound (when there is one), each with spec §5 wildcards (`isOriginAllowed`).
 * Both lists null: false.
 */
export function isAllowedBy(policy: OriginPolicy, origin: string): boolean {
  if (policy.project === null && policy.bound === null) return false;
  if (policy.project !== null && !isOriginAllowed(origin, policy.project)) return false;
  if (policy.bound !== null && !isOriginAllowed(origin, policy.bound)) return false;
  return true;
}

/**
 * Verifies the parent origin before penpal connects (spec §5 'origin must be in the
 * project's allowed list'; docs/threat-model.md):
 * - the claimed origin is a plain origin;
 * - it equals `ancestorOrigins[0]` when the browser gives ancestors, and the origin of a
 *   non-empty `referrer`;
 * - it, and EVERY other entry of `ancestorOrigins`, is allowed by `policy`: a page on a
 *   refused origin framing an allowed dapp gets nothing.
 * A parent that lied about its origin is refused. Never throws.
 */
export function verifyParentOrigin(evidence: ParentEvidence, policy: OriginPolicy): OriginCheck {
  const claimed = evidence.claimed;
  if (!isPlainOrigin(claimed)) return { ok: false, message: `Invalid parent origin: ${claimed}` };
  const ancestors = evidence.ancestorOrigins;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== claimed) {
    return { ok: false, message: `Parent origin mismatch: ${claimed} claimed, ${ancestors[0]} embeds the frame` };
  }
  if (evidence.referrer) {
    const referrerOrigin = originOf(evidence.referrer);
    if (referrerOrigin !== claimed) {
      return {
        ok: false,
        message: `Parent origin mismatch: ${claimed} claimed, referrer is ${referrerOrigin ?? 'opaque'}`,
      };
    }
  }
  if (!isAllowedBy(policy, claimed)) return { ok: false, message: `Origin not allowed: ${claimed}` };
  for (const ancestor of ancestors?.slice(1) ?? []) {
    if (!isAllowedBy(policy, ancestor)) {
      return { ok: false, message: `Origin not allowed: ${ancestor} embeds ${claimed}` };
    }
  }
  return { ok: true, origin: claimed };
}

import type { FrameConfig } from '@airlock/protocol';
import { parseConfig, type BootProblem } from './parseConfig.ts';
import type { Deployment } from './deployment.ts';
import { verifyParentOrigin } from './verifyParentOrigin.ts';

/** The outcome of reading the URL and checking the parent: start, or show an alert. */
export type Boot =
  | { ok: true; config: FrameConfig; parentOrigin: string; deployment: Deployment }
  | { ok: false; problem: BootProblem };

/** The parts of `window` the boot check reads (tests pass plain objects). */
export type BootEnvironment = {
  /** `location.search`. */
  search: string;
  /** `location.ancestorOrigins` as an array (empty when the browser has none). */
  ancestorOrigins: readonly string[] | undefined;
  /** `document.referrer`. */
  referrer: string;
  /** The frame deployment's allowed origin patterns. */
  allowlist: readonly string[];
};

/**
 * Parses the FrameConfig and verifies its parentOrigin (DESIGN.md §2).
 * Only an `ok` boot may connect penpal, with `allowedOrigins: [parentOrigin]`.
 * Never throws.
 */
export function resolveBoot(env: BootEnvironment): Boot {
  const parsed = parseConfig(env.search);
  if (!parsed.ok) return parsed;
  const check = verifyParentOrigin(
    { claimed: parsed.config.parentOrigin, ancestorOrigin: env.ancestorOrigins?.[0], referrer: env.referrer },
    env.allowlist,
  );
  if (!check.ok) return { ok: false, problem: { kind: 'origin', message: check.message } };
  // Transitional: the trust inputs still come from the page's FrameConfig here; the
  // deployment config replaces this (docs/threat-model.md).
  const deployment: Deployment = {
    apiUrl: parsed.config.apiUrl ?? null,
    relayUrl: parsed.config.walletConnect?.relayUrl ?? null,
    secureFrameOrigin: null,
    allowedOrigins: env.allowlist,
  };
  return { ok: true, config: parsed.config, parentOrigin: check.origin, deployment };
}

/** Reads the boot environment from the real window. */
export function readBootEnvironment(allowlist: readonly string[]): BootEnvironment {
  const ancestors = window.location.ancestorOrigins;
  return {
    search: window.location.search,
    ancestorOrigins: ancestors ? Array.from(ancestors) : undefined,
    referrer: document.referrer,
    allowlist,
  };
}


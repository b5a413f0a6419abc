import type { FrameConfig } from '@airlock/protocol';
import type { Deployment } from './deployment.ts';
import { parseConfig, type BootProblem } from './parseConfig.ts';
import { verifyParentOrigin } from './verifyParentOrigin.ts';

/** The outcome of reading the URL and checking the parent: start, or show an alert. */
export type Boot =
  | { ok: true; config: FrameConfig; parentOrigin: string; deployment: Deployment }
  | { ok: false; problem: BootProblem };

/** The parts of `window` the boot check reads (tests pass plain objects). */
export type BootEnvironment = {
  /** `location.search`. */
  search: string;
  /** `location.ancestorOrigins` as an array (parent first); undefined when the browser has none. */
  ancestorOrigins: readonly string[] | undefined;
  /** `document.referrer`. */
  referrer: string;
  /**
   * The project's allowed origin patterns (spec §5 wildcards): from the provider API,
   * its cached copy, or, when neither is known, the deployment bound itself.
   */
  allowlist: readonly string[];
  /** The deployment bound the allowlist is intersected with; absent or null = none. */
  bound?: readonly string[] | null | undefined;
  /** The frame's deployment, returned in an `ok` boot; absent = {@link NO_DEPLOYMENT}. */
  deployment?: Deployment | undefined;
};

/** A deployment with no services and no bound (unit tests of the parent check). */
export const NO_DEPLOYMENT: Deployment = {
  apiUrl: null,
  relayUrl: null,
  secureFrameOrigin: null,
  allowedOrigins: null,
  walletConnectVerify: false,
};

/**
 * Parses the FrameConfig and verifies its parentOrigin and every ancestor against the
 * allowlist (intersected with the bound). Only an `ok` boot may connect penpal, with
 * `allowedOrigins: [parentOrigin]`. Never throws.
 */
export function resolveBoot(env: BootEnvironment): Boot {
  const parsed = parseConfig(env.search);
  if (!parsed.ok) return parsed;
  const check = verifyParentOrigin(
    { claimed: parsed.config.parentOrigin, ancestorOrigins: env.ancestorOrigins, referrer: env.referrer },
    { project: env.allowlist, bound: env.bound ?? null },
  );
  if (!check.ok) return { ok: false, problem: { kind: 'origin', message: check.message } };
  return { ok: true, config: parsed.config, parentOrigin: check.origin, deployment: env.deployment ?? NO_DEPLOYMENT };
}

/** Reads the parent evidence from the real window (the allowlist comes from {@link bootFrame}). */
export function readParentEvidence(): Pick<BootEnvironment, 'search' | 'ancestorOrigins' | 'referrer'> {
  const ancestors = window.location.ancestorOrigins;
  return {
    search: window.location.search,
    ancestorOrigins: ancestors ? Array.from(ancestors) : undefined,
    referrer: document.referrer,
  };
}

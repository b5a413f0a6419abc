import { allowsAnyOrigin } from '@airlock/protocol';
import { createApiClient, type ApiClient } from '../api/client.ts';
import { readParentEvidence, resolveBoot, type Boot, type BootEnvironment } from './boot.ts';
import { buildTimeDeployment, loadDeployment, type BuildEnv, type Deployment } from './deployment.ts';
import type { OriginCacheStorage } from './originCache.ts';
import { parseConfig } from './parseConfig.ts';
import { bootPrefetches, prefetchedFetch } from './prefetched.ts';
import { resolveProjectOrigins } from './projectOrigins.ts';
import { claimedParentOrigin, notifyRefusal } from './refusal.ts';
import { loadZodMessages } from './zod.ts';

/** Everything {@link bootWith} reads from the outside world (the real window in {@link bootFrame}; fakes in tests). */
export type BootInputs = Pick<BootEnvironment, 'search' | 'ancestorOrigins' | 'referrer'> & {
  /** False when the frame is the top-level page (not embedded). */
  embedded: boolean;
  /** Loads the deployment (deployment.json over the build-time values). */
  deployment: () => Promise<{ ok: true; deployment: Deployment } | { ok: false; message: string }>;
  /** Where the refusal goes: `window.parent`. */
  parent: Pick<Window, 'postMessage'>;
  /** Builds the provider-API client (tests pass a fake). */
  makeClient?: (options: { baseUrl: string; projectId: string; sdkVersion?: string | undefined }) => ApiClient;
  /** The allowed-origins cache's storage (tests pass a fake). */
  storage?: OriginCacheStorage;
  /** Limit of the allowed-origins call, ms. */
  timeoutMs?: number;
  /**
   * zod's English messages loading ({@link loadZodMessages}): awaited before a FrameConfig that
   * failed to parse is parsed again, so the refusal names the problem in zod's words.
   */
  messages?: Promise<void>;
  /** Console warnings (a bare `*` in an origin list); default `console.warn`. */
  warn?: (message: string) => void;
};

function warnWildcard(list: readonly string[] | null, what: string, warn: (message: string) => void): void {
  if (list && allowsAnyOrigin(list)) warn(`[airlock] ${what} contains "*": any page may embed this widget.`);
}

async function decide(inputs: BootInputs): Promise<Boot> {
  if (!inputs.embedded) {
    return { ok: false, problem: { kind: 'origin', message: 'The widget must be embedded by the host SDK' } };
  }
  let parsed = parseConfig(inputs.search);
  if (!parsed.ok && inputs.messages) {
    await inputs.messages;
    parsed = parseConfig(inputs.search);
  }
  if (!parsed.ok) return parsed;
  const loaded = await inputs.deployment();
  if (!loaded.ok) return { ok: false, problem: { kind: 'config', message: loaded.message } };
  const deployment = loaded.deployment;
  const bound = deployment.allowedOrigins;
  // The bound only ever narrows: a parent (or ancestor) it refuses is refused whatever the
  // API says, so refuse before the network call and the page learns it sooner.
  if (bound) {
    const early = resolveBoot({ ...inputs, allowlist: bound, bound: null, deployment });
    if (!early.ok) return early;
  }
  const { projectId, sdkVersion, parentOrigin } = parsed.config;
  const project = await resolveProjectOrigins(deployment, {
    projectId,
    sdkVersion,
    parentOrigin,
    makeClient: inputs.makeClient,
    storage: inputs.storage,
    timeoutMs: inputs.timeoutMs,
  });
  if (project.kind === 'refused') {
    return {
      ok: false,
      problem: { kind: 'origin', message: `The provider API refused this widget: ${project.message}` },
    };
  }
  const warn = inputs.warn ?? ((message: string) => console.warn(message));
  warnWildcard(bound, 'The deployment bound (allowedOrigins)', warn);
  if (project.kind === 'none') {
    if (!bound)
      return {
        ok: false,
        problem: {
          kind: 'origin',
          message: 'No allowed origins: the provider API is unreachable and the deployment sets no bound',
        },
      };
    return resolveBoot({ ...inputs, allowlist: bound, bound: null, deployment });
  }
  warnWildcard(project.origins, `The allowed origins of project ${projectId}`, warn);
  return resolveBoot({ ...inputs, allowlist: project.origins, bound, deployment });
}

/**
 * The boot decision with its inputs passed in: the frame must be embedded, the
 * FrameConfig valid, the deployment readable; the parent and every ancestor must be
 * allowed by the project's list (deployment API, else its cached copy) intersected with
 * the deployment bound, or by the bound alone when no list is known. On refusal the
 * claimed parent origin is told (`airlock:refused`, see refusal.ts). Never throws.
 */
export async function bootWith(inputs: BootInputs): Promise<Boot> {
  let boot: Boot;
  try {
    boot = await decide(inputs);
  } catch (error) {
    boot = { ok: false, problem: { kind: 'config', message: error instanceof Error ? error.message : String(error) } };
  }
  if (!boot.ok && inputs.embedded) notifyRefusal(inputs.parent, claimedParentOrigin(inputs.search), boot.problem);
  return boot;
}

/**
 * Boots the frame: reads its deployment (`deployment.json` on its own origin over the
 * `VITE_AIRLOCK_*` build values), the page's FrameConfig and the parent evidence, and
 * verifies the parent origin. Only an `ok` result may connect penpal, with
 * `allowedOrigins: [parentOrigin]`; a refused parent is told at once. Never throws.
 *
 * deployment.json and the allowed-origins call reuse the responses `public/boot-prefetch.js`
 * started before this script was evaluated, when their URLs are exactly the ones asked here
 * (./prefetched.ts); every answer is validated as without the prefetch.
 */
export async function bootFrame(): Promise<Boot> {
  const build = buildTimeDeployment(import.meta.env as unknown as BuildEnv);
  const fetch = prefetchedFetch(bootPrefetches());
  return bootWith({
    ...readParentEvidence(),
    embedded: window.parent !== window,
    parent: window.parent,
    deployment: async () =>
      build.ok ? loadDeployment({ pageUrl: window.location.href, base: build.deployment, fetch }) : build,
    makeClient: (options) => createApiClient({ ...options, fetch }),
    messages: loadZodMessages(),
  });
}

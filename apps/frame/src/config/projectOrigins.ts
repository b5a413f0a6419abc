import { createApiClient, type ApiClient } from '../api/client.ts';
import { checkRemoteOrigin, ORIGINS_TIMEOUT_MS } from '../api/remote.ts';
import type { Deployment } from './deployment.ts';
import { readCachedOrigins, writeCachedOrigins, type OriginCacheStorage } from './originCache.ts';

/**
 * Where the project's allowed origins came from:
 * - `api`: GET /projects/v1/origins of the deployment's API (spec §5, §7), now cached;
 * - `cache`: the API failed or timed out; the last list it gave for this project;
 * - `none`: no API in the deployment, or it failed and nothing is cached: the
 *   deployment bound alone decides;
 * - `refused`: the API refused this frame's origin ('Unauthorized: origin not allowed').
 */
export type ProjectOrigins =
  | { kind: 'api' | 'cache'; origins: string[] }
  | { kind: 'none' }
  | { kind: 'refused'; message: string };

/** What {@link resolveProjectOrigins} needs besides the deployment (tests pass fakes). */
export type ProjectOriginsOptions = {
  /** Project id and sdk version of the FrameConfig, and the parent origin it claims. */
  projectId: string;
  sdkVersion?: string | undefined;
  parentOrigin: string;
  /** Builds the API client; defaults to {@link createApiClient}. */
  makeClient?: (options: { baseUrl: string; projectId: string; sdkVersion?: string | undefined }) => ApiClient;
  /** The cache's storage; defaults to the frame's localStorage. */
  storage?: OriginCacheStorage;
  /** Limit of the API call, ms; default `ORIGINS_TIMEOUT_MS` (2 000). */
  timeoutMs?: number;
};

/**
 * The project's allowed origins, asked ONLY of the deployment's API (never of a URL the
 * page chose). An answer is cached per project in the frame's own storage; when the API
 * is down or slow the cached list is used, else none. Never throws.
 */
export async function resolveProjectOrigins(
  deployment: Deployment,
  options: ProjectOriginsOptions,
): Promise<ProjectOrigins> {
  const { apiUrl } = deployment;
  if (!apiUrl) return { kind: 'none' };
  const makeClient = options.makeClient ?? createApiClient;
  const client = makeClient({ baseUrl: apiUrl, projectId: options.projectId, sdkVersion: options.sdkVersion });
  const remote = await checkRemoteOrigin(client, options.parentOrigin, options.timeoutMs ?? ORIGINS_TIMEOUT_MS);
  if (remote.kind === 'refused') return { kind: 'refused', message: remote.message };
  if (remote.kind === 'remote') {
    // A task of its own: the cache is for a later start, not this one (a denied third-party
    // storage throws on access, which costs the start a few ms).
    setTimeout(() => writeCachedOrigins(options.projectId, apiUrl, remote.allowedOrigins, options.storage), 0);
    return { kind: 'api', origins: remote.allowedOrigins };
  }
  const cached = readCachedOrigins(options.projectId, apiUrl, options.storage);
  return cached ? { kind: 'cache', origins: cached } : { kind: 'none' };
}

import { FrameConfigSchema, validate, type FrameConfig } from '@airlock/protocol';

/**
 * Why the frame cannot start; each one is shown as a `role="alert"`.
 * - `projectId`: spec §8 'Project ID Not Configured' (missing or empty projectId).
 * - `config`: the `config` query parameter is missing, not JSON or not a FrameConfig.
 * - `origin`: spec §8 'Invalid App Configuration' (parent origin not verified or not allowed).
 */
export type BootProblem =
  | { kind: 'projectId' }
  | { kind: 'config'; message: string }
  | { kind: 'origin'; message: string };

/** `{ ok: true, config }` or `{ ok: false, problem }`. */
export type ParsedConfig = { ok: true; config: FrameConfig } | { ok: false; problem: BootProblem };

/**
 * Reads the `config` query parameter (`?config=<encodeURIComponent(JSON)>`,
 * docs/integration.md) and validates it with `FrameConfigSchema`.
 * A missing, empty or blank `projectId` gives `{ kind: 'projectId' }` even when
 * the rest is malformed, so the operator sees the most useful alert first.
 * Never throws.
 * @param search `location.search`, e.g. `?config=%7B…%7D`.
 */
export function parseConfig(search: string): ParsedConfig {
  const raw = new URLSearchParams(search).get('config');
  if (raw === null || raw === '') {
    return { ok: false, problem: { kind: 'config', message: 'Missing config parameter' } };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, problem: { kind: 'config', message: 'The config parameter is not valid JSON' } };
  }
  if (json && typeof json === 'object' && !Array.isArray(json)) {
    const projectId = (json as { projectId?: unknown }).projectId;
    if (projectId === undefined || projectId === null || (typeof projectId === 'string' && projectId.trim() === '')) {
      return { ok: false, problem: { kind: 'projectId' } };
    }
  }
  const parsed = validate(FrameConfigSchema, json);
  if (!parsed.ok) return { ok: false, problem: { kind: 'config', message: parsed.error.message } };
  return { ok: true, config: parsed.value };
}

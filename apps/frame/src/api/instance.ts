import { useOptionsStore } from '../stores/options.ts';
import { createApiClient, type ApiClient } from './client.ts';

let cached: { key: string; client: ApiClient } | undefined;
let override: ApiClient | null | undefined;

/**
 * The client for this frame's provider API: the deployment's `apiUrl` (never the
 * page's), FrameConfig.projectId and sdkVersion (spec §7). Null when the deployment
 * has no API (the frame then makes no API calls) or before boot.
 */
export function getApiClient(): ApiClient | null {
  if (override !== undefined) return override;
  const { config, deployment } = useOptionsStore.getState();
  const apiUrl = deployment?.apiUrl;
  if (!config || !apiUrl) return null;
  const key = `${apiUrl}|${config.projectId}|${config.sdkVersion ?? ''}`;
  if (cached?.key !== key) {
    cached = { key, client: createApiClient({ baseUrl: apiUrl, projectId: config.projectId, sdkVersion: config.sdkVersion }) };
  }
  return cached.client;
}

/** Tests: use `client` instead of the configured one (`undefined` restores the default). */
export function setApiClientForTests(client: ApiClient | null | undefined): void {
  override = client;
}

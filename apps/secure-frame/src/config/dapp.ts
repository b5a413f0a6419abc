import { ErrorCode, isOriginAllowed } from '@airlock/protocol';
import { apiFailure, type ApiClient } from '../api/client.ts';

/** The dapp the secure frame serves, once verified. */
export type VerifiedDapp = { projectId: string; dappOrigin: string; name?: string };

/** Spec §8 message of a refused dapp. */
export const INVALID_APP_CONFIGURATION = 'Invalid App Configuration';

/**
 * Verifies SYNC_DAPP_DATA: the nearest ancestor must be the widget frame origin and
 * the top-level origin the `dappOrigin` the widget frame sent (`location.ancestorOrigins`,
 * where the browser has it; else the widget frame's word, which it verified itself), and
 * that origin must be allowed for the project (`GET /embedded/v1/project`: the project's
 * origins, plus the spec §6 dev hosts when the project opted in).
 * @throws 4900 'Invalid App Configuration' (with the reason in `data`)
 */
export async function verifyDapp(
  data: { projectId: string; dappOrigin: string; metadata?: { name?: string } },
  { api, widgetOrigin, ancestors }: { api: ApiClient; widgetOrigin: string; ancestors: readonly string[] | undefined },
): Promise<VerifiedDapp> {
  const refuse = (reason: string) =>
    Object.assign(apiFailure(ErrorCode.Disconnected, INVALID_APP_CONFIGURATION), { data: { reason } });
  let dappOrigin: string;
  try {
    dappOrigin = new URL(data.dappOrigin).origin;
  } catch {
    throw refuse('dappOrigin is not a URL');
  }
  if (ancestors && ancestors.length > 0) {
    if (ancestors[0] !== widgetOrigin) throw refuse(`parent ${ancestors[0]} is not the widget frame`);
    if (ancestors[ancestors.length - 1] !== dappOrigin)
      throw refuse(`top-level origin ${ancestors[ancestors.length - 1]} is not ${dappOrigin}`);
  }
  const { allowedOrigins } = await api.call<{ allowedOrigins: string[] }>(
    `/embedded/v1/project?projectId=${encodeURIComponent(data.projectId)}`,
  );
  if (!isOriginAllowed(dappOrigin, allowedOrigins))
    throw refuse(`${dappOrigin} is not allowed for project ${data.projectId}`);
  return { projectId: data.projectId, dappOrigin, name: data.metadata?.name };
}

import { allowedOrigins } from './allowedOrigins.ts';
import { readBootEnvironment, type Boot } from './boot.ts';
import { resolveBootWithApi } from './remoteBoot.ts';

/**
 * Boots the frame: reads its deployment, the page's FrameConfig and the parent
 * evidence, and verifies the parent origin. Only an `ok` result may connect penpal,
 * with `allowedOrigins: [parentOrigin]`. Never throws.
 */
export async function bootFrame(): Promise<Boot> {
  if (window.parent === window) {
    return { ok: false, problem: { kind: 'origin', message: 'The widget must be embedded by the host SDK' } };
  }
  return resolveBootWithApi(readBootEnvironment(allowedOrigins));
}

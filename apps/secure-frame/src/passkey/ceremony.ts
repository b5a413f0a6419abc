import type { CeremonyKind, CeremonyRequest } from './window.ts';

/** The browser's WebAuthn, through `@simplewebauthn/browser` (loaded with the first ceremony). */
const browserCode = () => import('@simplewebauthn/browser');

/** The permission a ceremony needs in a frame (Permissions Policy). */
const FEATURE: Record<CeremonyKind, string> = {
  create: 'publickey-credentials-create',
  get: 'publickey-credentials-get',
};

type PolicyDocument = Document & {
  permissionsPolicy?: { allowsFeature: (feature: string) => boolean };
  featurePolicy?: { allowsFeature: (feature: string) => boolean };
};

/**
 * Whether this document may run a `kind` ceremony itself: top-level always; in a frame only
 * when the Permissions Policy says so (every ancestor delegated the feature). Where the browser
 * cannot tell (no policy API), no: the window is the path that works everywhere.
 */
export function ceremonyAllowedHere(kind: CeremonyKind, doc: PolicyDocument = document): boolean {
  if (window.top === window) return true;
  const policy = doc.permissionsPolicy ?? doc.featurePolicy;
  return policy ? policy.allowsFeature(FEATURE[kind]) : false;
}

/** Runs a ceremony in this document (`startRegistration` / `startAuthentication`). @returns the credential JSON */
export async function runCeremony(request: CeremonyRequest): Promise<unknown> {
  const { startAuthentication, startRegistration } = await browserCode();
  return request.kind === 'create'
    ? startRegistration({ optionsJSON: request.options as never })
    : startAuthentication({ optionsJSON: request.options as never });
}

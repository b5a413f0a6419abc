import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';

/**
 * Test helper: a software WebAuthn authenticator (ES256, attestation `none`, user present and
 * verified) that answers the options of `@simplewebauthn/server` the way a browser serializes
 * the answer (`@simplewebauthn/browser`'s JSON). Only for tests: it builds the CBOR by hand.
 */
export type TestAuthenticator = {
  /** Makes a discoverable credential for `options` (`PublicKeyCredentialCreationOptionsJSON`), as seen from `origin`. */
  create: (options: { challenge: string; rp: { id?: string } }, origin: string) => Record<string, unknown>;
  /**
   * Signs `options` (`PublicKeyCredentialRequestOptionsJSON`) with the credential, as seen from
   * `origin`; with `topOrigin`, from a cross-origin iframe in that top-level page.
   */
  get: (options: { challenge: string; rpId?: string }, origin: string, topOrigin?: string) => Record<string, unknown>;
  /** The credential id (base64url), once created. */
  id: () => string;
};

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** CBOR head of major type `major` with argument `n` (n < 2^16). */
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
}
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;
/** Encodes the few CBOR shapes WebAuthn needs (ints, text, bytes, maps). */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

/**
 * A new {@link TestAuthenticator} (one credential). `synced`: a passkey kept by a password manager
 * (backup eligible and backed up, signature counter always 0, as iCloud Keychain and Google
 * Password Manager answer), so no counter check can catch a replay: only the challenge does.
 */
export function testAuthenticator({ synced = false }: { synced?: boolean } = {}): TestAuthenticator {
  // Flags: user present 0x01, user verified 0x04, backup eligible 0x08, backed up 0x10.
  const flags = synced ? 0x1d : 0x05;
  let credential: { id: Buffer; key: KeyObject; rpId: string; userHandle: string } | undefined;
  let counter = 0;
  const clientData = (type: string, challenge: string, origin: string, topOrigin?: string) =>
    Buffer.from(
      JSON.stringify({
        type,
        challenge,
        origin,
        crossOrigin: topOrigin !== undefined,
        ...(topOrigin ? { topOrigin } : {}),
      }),
    );
  return {
    id: () => b64url(credential!.id),
    create(options, origin) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const id = randomBytes(32);
      credential = { id, key: privateKey, rpId, userHandle: '' };
      const cose = cbor(
        new Map<number, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const len = Buffer.from([id.length >> 8, id.length & 255]);
      // Plus attested credential data (0x40).
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags | 0x40]),
        Buffer.alloc(4),
        Buffer.alloc(16),
        len,
        id,
        cose,
      ]);
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    get(options, origin, topOrigin) {
      if (!credential) throw new Error('no credential');
      if (!synced) counter += 1;
      const rpId = options.rpId ?? credential.rpId;
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
      const data = clientData('webauthn.get', options.challenge, origin, topOrigin);
      const signature = createSign('SHA256')
        .update(Buffer.concat([authData, sha256(data)]))
        .sign(credential.key);
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}

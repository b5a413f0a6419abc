import type { KeyValueStore } from './store.ts';

/**
 * The device: a non-extractable ECDSA P-256 key pair (its public key's JWK
 * thumbprint identifies the device to the API; every API call carries a DPoP
 * proof signed with it) and a non-extractable AES-GCM key that wraps what the
 * secure frame stores (the device share, the refresh token). Created on first use,
 * kept in IndexedDB as CryptoKeys: script can use them, nobody can read them out.
 */
export type Device = {
  /** ES256 signing key (non-extractable). */
  signingKey: CryptoKey;
  /** The public key as a JWK (`kty`, `crv`, `x`, `y`), sent in every DPoP proof header. */
  publicJwk: JsonWebKey;
  /** AES-256-GCM key (non-extractable) for {@link seal} / {@link unseal}. */
  wrapKey: CryptoKey;
};

/** Bytes sealed with the device's wrap key. */
export type Sealed = { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer };

type StoredDevice = { signingKey: CryptoKey; publicJwk: JsonWebKey; wrapKey: CryptoKey };

/** This browser's device (created and stored on first use). */
export async function loadDevice(store: KeyValueStore): Promise<Device> {
  const stored = await store.get<StoredDevice>('device');
  if (stored?.signingKey && stored.wrapKey && stored.publicJwk) return stored;
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const device: StoredDevice = {
    signingKey: pair.privateKey,
    publicJwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y },
    wrapKey: await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
  };
  await store.set('device', device);
  return device;
}

/** Encrypts bytes with the device's wrap key (AES-GCM, random 12-byte IV). */
export async function seal(device: Device, bytes: Uint8Array): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  return {
    iv,
    data: await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, device.wrapKey, bytes as Uint8Array<ArrayBuffer>),
  };
}

/** Decrypts sealed bytes. @throws when they were altered or sealed by another device */
export async function unseal(device: Device, sealed: Sealed): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, device.wrapKey, sealed.data));
}

/** Sealed text (a refresh token). */
export const sealText = (device: Device, text: string) => seal(device, new TextEncoder().encode(text));
/** Opens sealed text. */
export const unsealText = async (device: Device, sealed: Sealed) =>
  new TextDecoder().decode(await unseal(device, sealed));

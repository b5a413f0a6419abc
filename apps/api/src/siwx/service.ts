import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  createSessionToken,
  formatCacaoMessage,
  parseCacao,
  parseSiwxMessage,
  verifySiwxMessage,
  type SiwxMessageData,
} from '@airlock/siwx';
import { isOriginAllowed } from '@airlock/protocol';
import type { Chain } from '../chains.ts';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import type { Project } from '../projects.ts';
import type { SessionKeys } from './keys.ts';
import { siwxNonces, siwxSessions } from './tables.ts';

/** Messages of the sign-in calls' error bodies. */
export const SiwxMessage = {
  /** 400: the text is not an EIP-4361 / CAIP-122 message. */
  NotAMessage: 'Not a sign-in message',
  /** 403: the message's uri is not an allowed origin of the project, or its domain is not the uri's authority. */
  DomainNotAllowed: 'Domain not allowed',
  /** 401: the nonce was never issued for this project, was already used, or expired. */
  InvalidNonce: 'Invalid or expired nonce',
  /** 401: the signature is not the account's, or the message expired. */
  InvalidSignature: 'Invalid signature',
  /** 400: the CACAO breaks a rule of spec §5 (eip155 issuer, domain, uri, nonce, a single eip155 namespace) or does not match the message sent with it. */
  InvalidCacao: 'Invalid CACAO',
  /** 404: no such session of that address (revoke). */
  SessionNotFound: 'Session not found',
} as const;

/** What the sign-in service needs. */
export type SiwxDeps = {
  db: Db;
  chains: Map<string, Chain>;
  keys: SessionKeys;
  /** Server clock, ms since the epoch. */
  now: () => number;
  /** How long a nonce may be used, ms (default 10 minutes). */
  nonceTtlMs: number;
  /** Session lifetime when the message has no `expirationTime`, ms. */
  defaultSessionMs: number;
};

/** A session as listed by `GET /v1/sessions/{address}` (ISO 8601 times). */
export type SessionView = {
  id: string;
  caipAddress: string;
  caipNetworkId: string;
  domain: string;
  uri: string;
  issuedAt: string;
  expiresAt: string;
};

/** Issues a single-use nonce (32 hex characters, EIP-4361 alphanumeric) valid for `nonceTtlMs`. */
export async function issueNonce(deps: SiwxDeps, projectId: string): Promise<{ nonce: string; expiresAt: string }> {
  const nonce = randomBytes(16).toString('hex');
  const expiresAt = new Date(deps.now() + deps.nonceTtlMs);
  await deps.db.insert(siwxNonces).values({ nonce, projectId, expiresAt });
  return { nonce, expiresAt: expiresAt.toISOString() };
}

/**
 * The message and signature to verify from a verify body: as sent, or built from a
 * WalletConnect one-click CACAO (`formatCacaoMessage`: the EIP-4361 text the wallet signed,
 * its `s.s` signature) after checking spec §5's rules for authenticated sessions (an eip155
 * issuer, non-empty domain, uri and nonce, a single eip155 namespace). When both are sent
 * they must agree, so the session recorded is the one the CACAO proves.
 * @throws ApiError 400 'Invalid CACAO' otherwise.
 */
export function signedInput(
  body:
    | { message: string; signature: string; cacao?: Record<string, unknown> | undefined }
    | { cacao: Record<string, unknown> },
): { message: string; signature: string } {
  if (!body.cacao) return body as { message: string; signature: string };
  let fromCacao: { message: string; signature: string };
  try {
    const cacao = parseCacao(body.cacao);
    fromCacao = { message: formatCacaoMessage(cacao), signature: cacao.s.s };
  } catch {
    throw new ApiError(400, SiwxMessage.InvalidCacao);
  }
  if ('message' in body && (body.message !== fromCacao.message || body.signature !== fromCacao.signature)) {
    throw new ApiError(400, SiwxMessage.InvalidCacao);
  }
  return fromCacao;
}

/** The CAIP-10 account of a message, eip155 addresses lowercase (the form sessions are stored under). */
function accountOf(data: SiwxMessageData): { account: string; address: string } {
  const address = data.chainId.startsWith('eip155:') ? data.accountAddress.toLowerCase() : data.accountAddress;
  return { account: `${data.chainId}:${address}`, address };
}

/**
 * Verifies a signed sign-in message and opens a session (spec §7):
 * 1. it parses (400 'Not a sign-in message');
 * 2. its `uri` is an allowed origin of the project and its `domain` that origin's authority
 *    (403 'Domain not allowed'): a session is only ever issued for a site of the project;
 * 3. the signature is the account's and the message is within its validity (eip155 with
 *    `viem/siwe`, ERC-1271 / ERC-6492 through the chain's client when the API serves that
 *    chain; solana ed25519) (401 'Invalid signature');
 * 4. its nonce was issued for this project, is unused and unexpired, and is now used up in
 *    the same statement (401 'Invalid or expired nonce'): a replay is refused.
 * Records the session and signs its token (`exp` = `expirationTime`, else `defaultSessionMs`).
 * @throws ApiError with the statuses above.
 */
export async function verifyAndOpenSession(
  deps: SiwxDeps,
  project: Project,
  input: { message: string; signature: string; issuer: string },
): Promise<{ token: string; session: SessionView }> {
  let data: SiwxMessageData;
  try {
    data = parseSiwxMessage(input.message);
  } catch {
    throw new ApiError(400, SiwxMessage.NotAMessage);
  }
  let origin: string;
  try {
    const uri = new URL(data.uri);
    origin = uri.origin;
    if (uri.host !== data.domain) throw new Error('domain');
  } catch {
    throw new ApiError(403, SiwxMessage.DomainNotAllowed);
  }
  if (!isOriginAllowed(origin, project.allowedOrigins)) throw new ApiError(403, SiwxMessage.DomainNotAllowed);
  const now = new Date(deps.now());
  const verified = await verifySiwxMessage({
    message: input.message,
    signature: input.signature,
    domain: data.domain,
    time: now,
    client: deps.chains.get(data.chainId)?.client,
  });
  if (!verified.valid) throw new ApiError(401, SiwxMessage.InvalidSignature);
  const used = await deps.db
    .update(siwxNonces)
    .set({ usedAt: now })
    .where(
      and(
        eq(siwxNonces.nonce, data.nonce),
        eq(siwxNonces.projectId, project.id),
        isNull(siwxNonces.usedAt),
        gt(siwxNonces.expiresAt, now),
      ),
    )
    .returning({ nonce: siwxNonces.nonce });
  if (used.length === 0) throw new ApiError(401, SiwxMessage.InvalidNonce);
  const { account, address } = accountOf(data);
  const expiresAt = data.expirationTime
    ? new Date(data.expirationTime)
    : new Date(now.getTime() + deps.defaultSessionMs);
  const id = randomBytes(16).toString('hex');
  const issuedAt = new Date(data.issuedAt);
  await deps.db.insert(siwxSessions).values({
    id,
    projectId: project.id,
    account,
    address,
    caipNetworkId: data.chainId,
    domain: data.domain,
    uri: data.uri,
    message: input.message,
    signature: input.signature,
    issuedAt,
    expiresAt,
  });
  const token = await createSessionToken(
    {
      iss: input.issuer,
      aud: project.id,
      sub: account,
      sid: id,
      domain: data.domain,
      uri: data.uri,
      iat: Math.floor(now.getTime() / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
    },
    { privateKey: deps.keys.privateKey, kid: deps.keys.kid },
  );
  return {
    token,
    session: {
      id,
      caipAddress: account,
      caipNetworkId: data.chainId,
      domain: data.domain,
      uri: data.uri,
      issuedAt: issuedAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
    },
  };
}

/** The address part of a CAIP-10 id or bare address, eip155 (`0x…`) lowercase; and the CAIP-10 id when one was given. */
function addressFilter(addressOrCaip: string): { address: string; account: string | null } {
  const parts = addressOrCaip.split(':');
  const raw = parts.length === 3 ? parts[2]! : addressOrCaip;
  const address = raw.startsWith('0x') ? raw.toLowerCase() : raw;
  return { address, account: parts.length === 3 ? `${parts[0]}:${parts[1]}:${address}` : null };
}

/**
 * The active sessions (not revoked, not expired) of an address of a project (spec §7
 * `GET /v1/sessions/{address}`): `address` is a CAIP-10 id (that account on that network)
 * or a bare address (every network). Newest first.
 */
export async function listSessions(deps: SiwxDeps, projectId: string, addressOrCaip: string): Promise<SessionView[]> {
  const { address, account } = addressFilter(addressOrCaip);
  const rows = await deps.db
    .select()
    .from(siwxSessions)
    .where(
      and(
        eq(siwxSessions.projectId, projectId),
        eq(siwxSessions.address, address),
        ...(account ? [eq(siwxSessions.account, account)] : []),
        isNull(siwxSessions.revokedAt),
        gt(siwxSessions.expiresAt, new Date(deps.now())),
      ),
    );
  return rows
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((r) => ({
      id: r.id,
      caipAddress: r.account,
      caipNetworkId: r.caipNetworkId,
      domain: r.domain,
      uri: r.uri,
      issuedAt: r.issuedAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
    }));
}

/**
 * Revokes a session (spec §7 `POST /v1/sessions/{address}/revoke`, body `pci` = the session
 * id and `signature` = the session's signature, which only its holder has).
 * @throws ApiError 404 'Session not found' when no active session of that address has that id and signature.
 */
export async function revokeSession(
  deps: SiwxDeps,
  projectId: string,
  addressOrCaip: string,
  input: { pci: string; signature: string },
): Promise<void> {
  const { address } = addressFilter(addressOrCaip);
  const revoked = await deps.db
    .update(siwxSessions)
    .set({ revokedAt: new Date(deps.now()) })
    .where(
      and(
        eq(siwxSessions.id, input.pci),
        eq(siwxSessions.projectId, projectId),
        eq(siwxSessions.address, address),
        eq(siwxSessions.signature, input.signature),
        isNull(siwxSessions.revokedAt),
      ),
    )
    .returning({ id: siwxSessions.id });
  if (revoked.length === 0) throw new ApiError(404, SiwxMessage.SessionNotFound);
}

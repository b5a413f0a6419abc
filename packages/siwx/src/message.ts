import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { getAddress, isAddress } from 'viem';

/**
 * Sign-in-with-wallet messages (spec §3 'Sign-in-with-wallet message'): EIP-4361 for
 * eip155 (built and parsed by `viem/siwe`), CAIP-122 / Sign In With Solana for solana, and the
 * same CAIP-122 lines with 'Bitcoin account' for bip122.
 * Pure: no network, no clock except the one the caller passes. Safe in a browser.
 */

/** The chain namespaces a sign-in message can name (CAIP-2 namespace). */
export type SiwxNamespace = 'eip155' | 'solana' | 'bip122' | 'cosmos' | 'polkadot';

/**
 * The fields of a sign-in message (spec §3; EIP-4361 / CAIP-122 names):
 * - `accountAddress`: the signer (EIP-55 for eip155, base58 public key for solana, a Bitcoin
 *   address for bip122: bech32 / bech32m or base58);
 * - `chainId`: the CAIP-2 network id (`eip155:31337`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`);
 *   the message carries its reference (`Chain ID: 31337`);
 * - `domain`: RFC 3986 authority of the site asking (`app.example.com`, `localhost:5173`);
 * - `uri`: the site's origin (`https://app.example.com`);
 * - `version`: always `1`; `nonce`: at least 8 alphanumeric characters;
 * - `issuedAt`, `expirationTime`, `notBefore`: ISO 8601 timestamps;
 * - `statement`, `requestId`, `resources`: optional.
 */
export type SiwxMessageData = {
  accountAddress: string;
  chainId: string;
  domain: string;
  uri: string;
  version: '1';
  nonce: string;
  issuedAt: string;
  expirationTime?: string | undefined;
  notBefore?: string | undefined;
  statement?: string | undefined;
  requestId?: string | undefined;
  resources?: string[] | undefined;
};

/** The header line's account kind per namespace (EIP-4361 'Ethereum', Sign In With Solana 'Solana'). */
const ACCOUNT_KIND: Record<SiwxNamespace, string> = {
  eip155: 'Ethereum',
  solana: 'Solana',
  bip122: 'Bitcoin',
  cosmos: 'Cosmos',
  polkadot: 'Polkadot',
};

/** The namespace of each header line's account kind other than Ethereum. */
const KIND_NAMESPACE: Record<string, Exclude<SiwxNamespace, 'eip155'>> = {
  Solana: 'solana',
  Bitcoin: 'bip122',
  Cosmos: 'cosmos',
  Polkadot: 'polkadot',
};

/** What an account address of a CAIP-122 namespace looks like (the verifier checks the signature against it). */
const ADDRESS: Record<Exclude<SiwxNamespace, 'eip155'>, RegExp> = {
  solana: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
  bip122: /^[a-zA-HJ-NP-Z0-9]{14,90}$/,
  /** bech32 (BIP-173), lower case: a Cosmos SDK account. */
  cosmos: /^[a-z0-9]{1,83}1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{38,90}$/,
  /** SS58 (base58). */
  polkadot: /^[1-9A-HJ-NP-Za-km-z]{46,50}$/,
};

/** The namespace of a CAIP-2 id (`eip155:1` → `eip155`). @throws Error 'Unsupported chain namespace: …' for any other. */
export function namespaceOf(caipNetworkId: string): SiwxNamespace {
  const namespace = caipNetworkId.split(':')[0];
  if (namespace && Object.hasOwn(ACCOUNT_KIND, namespace)) return namespace as SiwxNamespace;
  throw new Error(`Unsupported chain namespace: ${namespace}`);
}

/** The CAIP-2 reference (`eip155:31337` → `31337`). @throws Error 'Invalid CAIP-2 network id' when malformed. */
function referenceOf(caipNetworkId: string): string {
  const [namespace, reference, extra] = caipNetworkId.split(':');
  if (!namespace || !reference || extra !== undefined) throw new Error('Invalid CAIP-2 network id');
  return reference;
}

/**
 * The text to sign for `data`: EIP-4361 for eip155 (`viem/siwe` `createSiweMessage`),
 * CAIP-122 / Sign In With Solana for solana (same lines, 'Solana account'), the same for bip122
 * ('Bitcoin account'), cosmos ('Cosmos account', a bech32 address) and polkadot ('Polkadot account',
 * an SS58 address).
 * @throws Error when a field is invalid (viem's `SiweInvalidMessageFieldError` for eip155;
 *   an unsupported namespace; a solana address that is not base58).
 */
export function formatSiwxMessage(data: SiwxMessageData): string {
  const namespace = namespaceOf(data.chainId);
  return FORMAT[namespace](namespace, data, referenceOf(data.chainId));
}

/** EIP-4361 text of an eip155 sign-in (`viem/siwe` `createSiweMessage`; `reference` the EIP-155 chain id). */
function formatEip4361(_namespace: SiwxNamespace, data: SiwxMessageData, reference: string): string {
  if (!isAddress(data.accountAddress)) throw new Error('Invalid address');
  return createSiweMessage({
    address: getAddress(data.accountAddress),
    chainId: Number(reference),
    domain: data.domain,
    uri: data.uri,
    version: '1',
    nonce: data.nonce,
    issuedAt: new Date(data.issuedAt),
    ...(data.expirationTime ? { expirationTime: new Date(data.expirationTime) } : {}),
    ...(data.notBefore ? { notBefore: new Date(data.notBefore) } : {}),
    ...(data.statement ? { statement: data.statement } : {}),
    ...(data.requestId ? { requestId: data.requestId } : {}),
    ...(data.resources?.length ? { resources: data.resources } : {}),
  });
}

/** CAIP-122 text (the Sign In With Solana lines, with the namespace's account kind in the header). */
function formatCaip122(namespace: SiwxNamespace, data: SiwxMessageData, reference: string): string {
  if (!ADDRESS[namespace as keyof typeof ADDRESS].test(data.accountAddress))
    throw new Error(`Invalid ${ACCOUNT_KIND[namespace]} address`);
  if (/\n/.test(data.statement ?? '')) throw new Error('The statement must be one line');
  const lines = [
    `${data.domain} wants you to sign in with your ${ACCOUNT_KIND[namespace]} account:`,
    data.accountAddress,
  ];
  lines.push('', ...(data.statement ? [data.statement, ''] : []));
  lines.push(`URI: ${data.uri}`, 'Version: 1', `Chain ID: ${reference}`, `Nonce: ${data.nonce}`);
  lines.push(`Issued At: ${data.issuedAt}`);
  if (data.expirationTime) lines.push(`Expiration Time: ${data.expirationTime}`);
  if (data.notBefore) lines.push(`Not Before: ${data.notBefore}`);
  if (data.requestId) lines.push(`Request ID: ${data.requestId}`);
  if (data.resources?.length) lines.push('Resources:', ...data.resources.map((r) => `- ${r}`));
  return lines.join('\n');
}

/** The message format of each namespace: EIP-4361 on eip155, CAIP-122 elsewhere. */
const FORMAT: Record<SiwxNamespace, typeof formatCaip122> = {
  eip155: formatEip4361,
  solana: formatCaip122,
  bip122: formatCaip122,
  cosmos: formatCaip122,
  polkadot: formatCaip122,
};

/** The field lines of a Sign In With Solana message and the fields they fill. */
const SOLANA_FIELDS: Record<string, keyof SiwxMessageData> = {
  URI: 'uri',
  Version: 'version',
  'Chain ID': 'chainId',
  Nonce: 'nonce',
  'Issued At': 'issuedAt',
  'Expiration Time': 'expirationTime',
  'Not Before': 'notBefore',
  'Request ID': 'requestId',
};

/**
 * Parses a sign-in message back into its fields (`chainId` as a CAIP-2 id). The namespace
 * comes from the header line ('…with your Ethereum account:' / '…Solana account:' / '…Bitcoin account:'
 * / '…Cosmos account:' / '…Polkadot account:').
 * @throws Error 'Not a sign-in message' when the header or a required field (address,
 *   domain, uri, version 1, chain id, nonce, issued-at) is missing or malformed.
 */
export function parseSiwxMessage(message: string): SiwxMessageData & { namespace: SiwxNamespace } {
  const header = /^(.+) wants you to sign in with your (Ethereum|Solana|Bitcoin|Cosmos|Polkadot) account:\n/.exec(
    message,
  );
  if (!header) throw new Error('Not a sign-in message');
  if (header[2] === 'Ethereum') {
    const m = parseSiweMessage(message);
    if (!m.address || !m.domain || !m.uri || m.version !== '1' || !m.chainId || !m.nonce || !m.issuedAt)
      throw new Error('Not a sign-in message');
    return {
      namespace: 'eip155',
      accountAddress: m.address,
      chainId: `eip155:${m.chainId}`,
      domain: m.domain,
      uri: m.uri,
      version: '1',
      nonce: m.nonce,
      issuedAt: m.issuedAt.toISOString(),
      ...(m.expirationTime ? { expirationTime: m.expirationTime.toISOString() } : {}),
      ...(m.notBefore ? { notBefore: m.notBefore.toISOString() } : {}),
      ...(m.statement ? { statement: m.statement } : {}),
      ...(m.requestId ? { requestId: m.requestId } : {}),
      ...(m.resources?.length ? { resources: m.resources } : {}),
    };
  }
  const lines = message.split('\n');
  const data: Partial<SiwxMessageData> & { resources?: string[] } = { domain: header[1], accountAddress: lines[1] };
  let i = 3;
  if (lines[i] !== undefined && !lines[i]!.startsWith('URI: ')) {
    data.statement = lines[i];
    i += 2;
  }
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === 'Resources:') {
      data.resources = lines.slice(i + 1).map((r) => r.replace(/^- /, ''));
      break;
    }
    const colon = line.indexOf(': ');
    const key = SOLANA_FIELDS[line.slice(0, colon)];
    if (colon < 0 || !key) throw new Error('Not a sign-in message');
    (data as Record<string, string>)[key] = line.slice(colon + 2);
  }
  const { accountAddress, domain, uri, version, chainId, nonce, issuedAt } = data;
  const namespace = KIND_NAMESPACE[header[2]!]!;
  if (!accountAddress || !ADDRESS[namespace].test(accountAddress) || !domain || !uri)
    throw new Error('Not a sign-in message');
  if (version !== '1' || !chainId || !nonce || !issuedAt) throw new Error('Not a sign-in message');
  return { ...(data as SiwxMessageData), namespace, chainId: `${namespace}:${chainId}` };
}

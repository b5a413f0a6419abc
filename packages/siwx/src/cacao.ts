import { base64 } from '@scure/base';

/**
 * CACAO (CAIP-74) objects of WalletConnect one-click authentication (`wc_sessionAuthenticate`):
 * the signed sign-in payload a wallet returns, and the EIP-4361 text it signed. Pure, safe in
 * a browser. Only eip155 issuers are accepted (spec §5: authenticated sessions have a single
 * eip155 namespace).
 */

/** The header of a CACAO: `caip122` (what WalletConnect sends) or `eip4361`. */
export type CacaoHeader = { t: 'caip122' | 'eip4361' };

/**
 * The payload of a CACAO (CAIP-74 / CAIP-122 field names): `iss` the signer as a DID
 * (`did:pkh:eip155:<chain id>:<address>`), `aud` the site's URI, `domain` its authority,
 * `nonce`, ISO 8601 `iat` / `exp` / `nbf`, optional `statement`, `requestId`, `resources`
 * (a ReCap, EIP-5573, is the last one).
 */
export type CacaoPayload = {
  iss: string;
  domain: string;
  aud: string;
  version: string;
  nonce: string;
  iat: string;
  exp?: string | undefined;
  nbf?: string | undefined;
  statement?: string | undefined;
  requestId?: string | undefined;
  resources?: string[] | undefined;
};

/** The signature of a CACAO: `eip191` (an EOA's `personal_sign`) or `eip1271` (a smart account), `s` the hex signature. */
export type CacaoSignature = { t: 'eip191' | 'eip1271'; s: string; m?: string | undefined };

/** A CACAO (CAIP-74): header, payload, signature. */
export type Cacao = { h: CacaoHeader; p: CacaoPayload; s: CacaoSignature };

/** The issuer of a CACAO, split: CAIP-2 `chainId` (`eip155:31337`) and the `address`. */
export type CacaoIssuer = { chainId: string; address: string };

/**
 * The one namespace a CACAO here may carry: its issuer is `did:pkh:eip155:…` and its ReCap (EIP-5573)
 * may name no other (spec §5: an authenticated session has a single eip155 namespace).
 */
const CACAO_NAMESPACE = 'eip155';

/** The ReCap (EIP-5573) statement prefix a wallet shows before the authorised actions. */
const RECAP_PREFIX = 'I further authorize the stated URI to perform the following actions on my behalf: ';

const isString = (value: unknown): value is string => typeof value === 'string';
const optionalString = (value: unknown) => value === undefined || isString(value);

/**
 * Reads `value` as a CACAO, checking the rules of spec §5 for authenticated sessions: an
 * eip155 issuer (`did:pkh:eip155:<reference>:0x…`, the single eip155 namespace), a non-empty
 * `domain`, `aud` (the uri) and `nonce`, version `1`, an ISO `iat`, a hex signature; a ReCap
 * in `resources`, when there is one, may only name eip155 (no other namespace).
 * @throws Error 'Invalid CACAO: <what>' naming the first rule broken.
 */
export function parseCacao(value: unknown): Cacao {
  const fail = (what: string): never => {
    throw new Error(`Invalid CACAO: ${what}`);
  };
  if (!value || typeof value !== 'object') return fail('not an object');
  const { h, p, s } = value as Record<string, Record<string, unknown> | undefined>;
  if (!h || (h.t !== 'caip122' && h.t !== 'eip4361')) return fail('header');
  if (!p || typeof p !== 'object') return fail('payload');
  if (!s || (s.t !== 'eip191' && s.t !== 'eip1271') || !isString(s.s) || !/^0x[0-9a-fA-F]+$/.test(s.s))
    return fail('signature');
  if (!isString(p.iss)) return fail('iss');
  cacaoIssuer(p.iss);
  for (const key of ['domain', 'aud', 'nonce'] as const) if (!isString(p[key]) || p[key] === '') return fail(key);
  if (p.version !== '1') return fail('version');
  if (!isString(p.iat) || Number.isNaN(Date.parse(p.iat))) return fail('iat');
  for (const key of ['exp', 'nbf', 'statement', 'requestId'] as const) if (!optionalString(p[key])) return fail(key);
  if (p.resources !== undefined && (!Array.isArray(p.resources) || !p.resources.every(isString)))
    return fail('resources');
  const recap = recapOf(p.resources as string[] | undefined);
  if (recap && Object.keys(recap.att).some((namespace) => namespace !== CACAO_NAMESPACE))
    return fail('not a single eip155 namespace');
  return value as Cacao;
}

/**
 * The chain and address of a CACAO issuer `did:pkh:eip155:<reference>:<0x address>`.
 * @throws Error 'Invalid CACAO: iss' for any other DID (another namespace included).
 */
export function cacaoIssuer(iss: string): CacaoIssuer {
  const match = /^did:pkh:eip155:([0-9]{1,32}):(0x[0-9a-fA-F]{40})$/.exec(iss);
  if (!match) throw new Error('Invalid CACAO: iss');
  return { chainId: `eip155:${match[1]}`, address: match[2]! };
}

/** A decoded ReCap: `att` = resource (WalletConnect uses the namespace, `eip155`) → ability (`request/personal_sign`) → caveats. */
type Recap = { att: Record<string, Record<string, unknown>> };

/** The ReCap (EIP-5573) of `resources` (by rule the last one, `urn:recap:<base64 JSON>`), or null. @throws Error 'Invalid CACAO: recap' when it does not decode. */
function recapOf(resources: string[] | undefined): Recap | null {
  const last = resources?.[resources.length - 1];
  if (!last?.includes('urn:recap:')) return null;
  try {
    // EIP-5573 says base64url; WalletConnect writes standard base64 without padding: both read.
    const raw = last.replace('urn:recap:', '').replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(base64.decode(raw + '='.repeat((4 - (raw.length % 4)) % 4)));
    const recap = JSON.parse(json) as Recap;
    if (!recap.att || typeof recap.att !== 'object' || Object.keys(recap.att).length === 0) throw new Error('att');
    for (const abilities of Object.values(recap.att)) {
      if (!abilities || typeof abilities !== 'object' || Array.isArray(abilities)) throw new Error('att');
    }
    return recap;
  } catch {
    throw new Error('Invalid CACAO: recap');
  }
}

/**
 * The statement as the wallet showed it: with a ReCap, the dapp's statement followed by
 * 'I further authorize the stated URI to perform the following actions on my behalf: (1)
 * 'request': 'eth_sendTransaction', 'personal_sign' for 'eip155'.' (EIP-5573, in the order
 * WalletConnect's `formatStatementFromRecap` writes it); unchanged when it already says so.
 */
function statementWithRecap(statement: string | undefined, recap: Recap | null): string | undefined {
  if (!recap) return statement || undefined;
  if (statement?.includes(RECAP_PREFIX)) return statement;
  let counter = 0;
  const parts = Object.keys(recap.att).map((resource) => {
    const byAbility = new Map<string, string[]>();
    const actions = Object.keys(recap.att[resource]!).map((key) => {
      const [ability = '', action = ''] = key.split('/');
      return { ability, action };
    });
    actions.sort((a, b) => a.action.localeCompare(b.action));
    for (const { ability, action } of actions) byAbility.set(ability, [...(byAbility.get(ability) ?? []), action]);
    return [...byAbility]
      .map(([ability, list]) => `(${++counter}) '${ability}': '${list.join("', '")}' for '${resource}'.`)
      .join(', ')
      .replace('.,', '.');
  });
  return `${statement ? `${statement} ` : ''}${RECAP_PREFIX}${parts.join(' ')}`;
}

/**
 * The EIP-4361 text the wallet signed for `cacao` (the same lines WalletConnect's
 * `formatMessage` writes: header, address, statement with the ReCap sentence, URI = `aud`,
 * version, chain id, nonce, issued at, then the optional fields).
 * @throws Error 'Invalid CACAO: <what>' when `cacao` breaks a rule of {@link parseCacao};
 *   'The statement must be one line' when it contains a line break.
 */
export function formatCacaoMessage(cacao: Cacao): string {
  const { p } = parseCacao(cacao);
  const { chainId, address } = cacaoIssuer(p.iss);
  const statement = statementWithRecap(p.statement, recapOf(p.resources));
  if (statement && /[\r\n]/.test(statement)) throw new Error('The statement must be one line');
  const lines: (string | undefined)[] = [
    `${p.domain} wants you to sign in with your Ethereum account:`,
    address,
    '',
    statement,
    '',
    `URI: ${p.aud}`,
    `Version: ${p.version}`,
    `Chain ID: ${chainId.split(':')[1]}`,
    `Nonce: ${p.nonce}`,
    `Issued At: ${p.iat}`,
    p.exp ? `Expiration Time: ${p.exp}` : undefined,
    p.nbf ? `Not Before: ${p.nbf}` : undefined,
    p.requestId ? `Request ID: ${p.requestId}` : undefined,
    p.resources ? `Resources:${p.resources.map((r) => `\n- ${r}`).join('')}` : undefined,
  ];
  return lines.filter((line) => line !== undefined).join('\n');
}

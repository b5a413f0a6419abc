import { SiwxText, type CaipNetworkId } from '@airlock/protocol';
import { SiwxError } from './errors.ts';
import { parseSiwxMessage } from '@airlock/siwx/message';
import { getAddress } from 'viem';
import type { OneClickAnswer, OneClickRequest } from '../connectors/walletconnect/authenticate.ts';
import { oneClickApplies } from '../namespaces/info.ts';
import type { Frame } from '../store/frame.ts';
import { createSiwxBackend } from './backend.ts';
import { messageData, storeSession } from './flow.ts';
import { connectionOf } from '../store/connection.ts';

/**
 * WalletConnect one-click sign-in (`wc_sessionAuthenticate`), the sign-in module's side:
 * the request's fields before the pairing, the CACAO's verification after it. Loaded with
 * `import()` when a WalletConnect pairing starts with sign-in on.
 */

/**
 * The fields of a one-click request (spec §5: non-empty chains, uri, domain, nonce, a single
 * eip155 namespace), the same as the personal_sign flow's message (`messageData`): `domain`
 * and `uri` from the verified parent origin, a nonce from the verifier, the dapp's statement,
 * `exp` from `expiresInSeconds`, `chains` every configured network with the active one first.
 * Null when one-click does not apply: sign-in off, a namespace other than eip155 configured,
 * or no verifier (the sign-in view then follows the connection and says why).
 * @throws Error when the verifier cannot issue a nonce (the connector then falls back to a plain proposal).
 */
export async function oneClickRequest(frame: Frame): Promise<OneClickRequest | null> {
  const siwx = frame.config.siwx;
  if (!siwx || !frame.store.getState().siwx.enabled || !oneClickApplies(frame.config.networks)) return null;
  const backend = createSiwxBackend(siwx, frame.api);
  if (!backend) return null;
  const active = connectionOf(frame.store.getState()).caipNetworkId;
  const ids = frame.config.networks.map((n) => n.caipNetworkId);
  const chains = [...new Set(ids.includes(active) ? [active, ...ids] : ids)];
  const data = messageData(frame, '', chains[0] as CaipNetworkId, await backend.nonce(), Date.now());
  return {
    domain: data.domain,
    uri: data.uri,
    nonce: data.nonce,
    chains,
    ...(data.statement ? { statement: data.statement } : {}),
    ...(data.expirationTime ? { exp: data.expirationTime } : {}),
  };
}

/**
 * Verifies the wallet's CACAO with the verifier (`{ message, signature, cacao }`) and stores
 * the session (with its `cacao`) before the connection is recorded, so the modal closes
 * without a second prompt. The message must name the verified parent origin (sign-client
 * checked it answers the request; this is the frame's own check). A refusal or an
 * unreachable verifier marks the attempt failed: SIWXSignMessage then opens with 'Error
 * signing message', where the visitor signs again or cancels (spec §4). Never rejects.
 */
export async function completeOneClick(frame: Frame, answer: OneClickAnswer): Promise<void> {
  try {
    const siwx = frame.config.siwx;
    const backend = siwx ? createSiwxBackend(siwx, frame.api) : null;
    if (!backend) throw new Error(SiwxText.NotEnabled);
    const { namespace: _, ...parsed } = parseSiwxMessage(answer.message);
    const origin = new URL(frame.parentOrigin);
    if (parsed.domain !== origin.host || parsed.uri !== origin.origin) throw new Error('Another site');
    const data = { ...parsed, accountAddress: getAddress(parsed.accountAddress) };
    const { message, signature, cacao } = answer;
    const verified = await backend.verify({ message, signature, cacao });
    storeSession(frame, { data, message, signature, cacao, token: verified.token, sessionId: verified.sessionId });
  } catch {
    frame.store.setState((s) => ({ siwx: { ...s.siwx, status: 'error', error: SiwxError.ErrorSigning } }));
  }
}

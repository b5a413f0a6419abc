import { ErrorCode } from '@airlock/protocol';
import { NAMESPACE_METHODS, type ProposalNamespace } from './namespaces.ts';
import { pickCacao, type OneClickAnswer, type OneClickRequest } from './authenticate.ts';
import type { WalletConnectProvider } from './provider.ts';

/** What a wallet that refused the one-click request is reported as: WalletConnect 5000 'User rejected.'. */
const REJECTED = 5000;

/**
 * Runs `wc_sessionAuthenticate` (UniversalProvider `authenticate`) with `request`'s sign-in
 * fields, asking for the eip155 methods of the session as a ReCap (EIP-5573) and keeping
 * `optionalNamespaces` for the provider's RPC map. sign-client sends a session proposal
 * alongside: a wallet without one-click support approves that one instead, and this resolves
 * with null (the sign-in view then follows the connection). A wallet that answers with
 * CACAOs resolves with the one for the first requested chain it signed (else the first)
 * and the text it signed; sign-client has already checked each CACAO's signature and that
 * it answers this request (domain, nonce, uri, chain).
 * @throws Error with `code` 5000 when the wallet refused (sign-client rejects with the
 *   wallet's message as a string); sign-client's error for anything else.
 */
export async function authenticateSession(
  provider: WalletConnectProvider,
  request: OneClickRequest,
  optionalNamespaces: Record<string, ProposalNamespace>,
): Promise<OneClickAnswer | null> {
  let result: Awaited<ReturnType<WalletConnectProvider['authenticate']>>;
  try {
    result = await provider.authenticate({
      ...request,
      methods: [...NAMESPACE_METHODS.eip155],
      optionalNamespaces,
    } as Parameters<WalletConnectProvider['authenticate']>[0]);
  } catch (error) {
    if (typeof error === 'string') throw Object.assign(new Error(error || 'User rejected.'), { code: REJECTED });
    throw error;
  }
  const cacao = pickCacao((result?.auths ?? []) as unknown as Record<string, unknown>[], request.chains[0]);
  if (!cacao) return null;
  const p = cacao.p as { iss: string };
  const client = provider.client as unknown as { formatAuthMessage(params: { request: unknown; iss: string }): string };
  const signature = (cacao.s as { s?: unknown } | undefined)?.s;
  if (typeof signature !== 'string')
    throw Object.assign(new Error('The wallet sent no signature'), { code: ErrorCode.InternalError });
  return { cacao, message: client.formatAuthMessage({ request: p, iss: p.iss }), signature };
}

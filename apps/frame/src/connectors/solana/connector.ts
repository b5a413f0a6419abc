import {
  ErrorCode,
  isSolanaAddress,
  Message,
  SolanaFeatureOutputSchemas,
  SolanaRequestParamsSchemas,
  Timeout,
  err,
  isSolanaRequestMethod,
  ok,
  validate,
  type CaipNetworkId,
  type Result,
  type SolanaFeatureRequest,
  type SolanaWallet,
} from '@airlock/protocol';
import { toBase58 } from './base58.ts';
import type { HostClient } from '../../host/client.ts';
import type { PageWalletImplementation } from '../pageWallets.ts';
import type { ConnectorEvents, ConnectorSession } from '../types.ts';
import { walletStandardChain } from './chains.ts';

/**
 * The Solana page-wallet connector: talks to the Wallet Standard wallet `wallet` (by the id the
 * host gave it) through the host's `solana.request`, and checks every output against the
 * protocol's schemas (`SolanaFeatureOutputSchemas`). Loaded on first use (index.ts).
 *
 * Requests (`SolanaRequestParamsSchemas`, bytes as `Uint8Array`) map to features:
 * `solana_signMessage` → `solana:signMessage`, `solana_signTransaction` and
 * `solana_signAllTransactions` (one prompt per transaction) → `solana:signTransaction`,
 * `solana_signAndSendTransaction` → `solana:signAndSendTransaction` (the wallet sends it to its
 * own RPC for the chain), each with the connected account and the network's Wallet Standard chain.
 */
export function createSolanaConnector(
  wallet: SolanaWallet,
  host: HostClient,
  events: ConnectorEvents,
): PageWalletImplementation {
  let address: string | null = null;
  const call = async <F extends keyof typeof SolanaFeatureOutputSchemas>(
    feature: F,
    input: Extract<SolanaFeatureRequest, { feature: F }>['input'],
  ): Promise<Result<unknown>> => {
    if (!wallet.features.includes(feature)) return err(ErrorCode.UnsupportedMethod, `${wallet.name} has no ${feature}`);
    const quick = feature === 'standard:disconnect' || (feature === 'standard:connect' && 'silent' in input);
    const request = { feature, input } as SolanaFeatureRequest;
    const answer = await host.extensionCall(
      'solana',
      'request',
      [wallet.id, request],
      quick ? Timeout.read : Timeout.person,
    );
    if (!answer.ok) return answer;
    const parsed = validate(SolanaFeatureOutputSchemas[feature], answer.value);
    return parsed.ok
      ? parsed
      : err(ErrorCode.InternalError, `Wallet returned a malformed answer: ${parsed.error.message}`);
  };
  const session = (accounts: string[], caipNetworkId: CaipNetworkId | undefined): ConnectorSession => ({
    accounts,
    caipNetworkId,
    name: wallet.name,
    icon: wallet.icon,
  });
  const connect = async (silent: boolean, caipNetworkId: CaipNetworkId | undefined) => {
    if (!caipNetworkId) return err(ErrorCode.ChainDisconnected, 'Network Not Found: no Solana network is configured');
    const answer = await call('standard:connect', silent ? { silent: true } : {});
    if (!answer.ok) return answer;
    const { accounts } = answer.value as { accounts: { address: string }[] };
    address = accounts[0]?.address ?? null;
    if (!address) return err(ErrorCode.UserRejected, Message.ConnectionRejected);
    return ok(session([address], caipNetworkId));
  };
  const signTransaction = async (transaction: Uint8Array, chain: string) => {
    const answer = await call('solana:signTransaction', { address: address!, chain, transaction });
    return answer.ok ? ok((answer.value as { signedTransaction: Uint8Array }[])[0]!.signedTransaction) : answer;
  };
  return {
    connect: (options) => connect(false, options?.caipNetworkId),
    async restore(caipNetworkId) {
      const result = await connect(true, caipNetworkId);
      return result.ok ? result.value : null;
    },
    async disconnect() {
      if (wallet.features.includes('standard:disconnect')) await call('standard:disconnect', {});
      address = null;
    },
    async request(rpc, caipNetworkId) {
      if (!address) return err(ErrorCode.Unauthorized, Message.NotConnected);
      if (!isSolanaRequestMethod(rpc.method)) return err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
      const params = validate(SolanaRequestParamsSchemas[rpc.method], rpc.params ?? []);
      if (!params.ok) return params;
      const chain = walletStandardChain(caipNetworkId);
      const [input] = params.value as [Record<string, unknown>];
      switch (rpc.method) {
        case 'solana_signMessage': {
          const answer = await call('solana:signMessage', { address, message: input!.message as Uint8Array });
          return answer.ok ? ok({ signature: (answer.value as { signature: Uint8Array }[])[0]!.signature }) : answer;
        }
        case 'solana_signTransaction': {
          const signed = await signTransaction(input!.transaction as Uint8Array, chain);
          return signed.ok ? ok({ transaction: signed.value }) : signed;
        }
        case 'solana_signAllTransactions': {
          const transactions: Uint8Array[] = [];
          for (const transaction of input!.transactions as Uint8Array[]) {
            const signed = await signTransaction(transaction, chain);
            if (!signed.ok) return signed;
            transactions.push(signed.value);
          }
          return ok({ transactions });
        }
        case 'solana_signAndSendTransaction': {
          const answer = await call('solana:signAndSendTransaction', {
            address,
            chain,
            transaction: input!.transaction as Uint8Array,
            ...(input!.sendOptions ? { options: input!.sendOptions as object } : {}),
          });
          return answer.ok
            ? ok({ signature: toBase58((answer.value as { signature: Uint8Array }[])[0]!.signature) })
            : answer;
        }
        default:
          return err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
      }
    },
    // Wallet Standard wallets take the chain with each request: switching is local.
    switchNetwork: async () => ok(null),
    // The wallet's `change` accounts: anything but base58 addresses is ignored.
    receive(accounts) {
      if (accounts.every((a) => isSolanaAddress(a))) events.onAccountsChanged(accounts);
    },
  };
}

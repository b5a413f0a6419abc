import {
  ErrorCode,
  Message,
  Timeout,
  err,
  ok,
  validate,
  type CaipNetworkId,
  type Result,
  type RpcRequest,
} from '@airlock/protocol';
import { bip122AddressParams, parseBip122Address } from '@airlock/protocol/bip122';
import {
  Bip122RequestParamsSchemas,
  SatsConnectResultSchemas,
  isBip122RequestMethod,
  type Bip122Wallet,
  type SatsConnectRequest,
} from '@airlock/protocol/bip122Wallets';
import { hex } from '@scure/base';
import type { HostClient } from '../../host/client.ts';
import type { PageWalletImplementation } from '../pageWallets.ts';
import { bip122Accounts } from './connector.ts';
import type { Bip122Account } from './requests.ts';

/**
 * The sats-connect page-wallet connector (Xverse's provider interface, `window.btc_providers`,
 * bridged by the host's Bitcoin entry as `{ method, params }`): connect asks `getAccounts` for the
 * `payment` and `ordinals` purposes, every address checked for the active network (a wallet on
 * another network is refused); the dapp's methods map one to one (`signMessage` with protocol
 * `BIP322` / `ECDSA`, `signPsbt`, `sendTransfer`), each answer checked with
 * `SatsConnectResultSchemas`. Only the connected accounts sign (4100 otherwise). sats-connect has no
 * silent connect, so a reload does not restore it (the visitor connects again). Loaded on first use.
 */
export function createSatsConnectConnector(wallet: Bip122Wallet, host: HostClient): PageWalletImplementation {
  let accounts: Bip122Account[] = [];
  let network: CaipNetworkId | undefined;
  const call = async <M extends SatsConnectRequest['method']>(
    method: M,
    params: Extract<SatsConnectRequest, { method: M }>['params'],
  ): Promise<Result<unknown>> => {
    const answer = await host.extensionCall('bitcoin', 'request', [wallet.id, { method, params }], Timeout.person);
    if (!answer.ok) return answer;
    const parsed = validate(SatsConnectResultSchemas[method], answer.value);
    return parsed.ok
      ? parsed
      : err(ErrorCode.InternalError, `Wallet returned a malformed answer: ${parsed.error.message}`);
  };
  const held = (address: string) => accounts.some((a) => a.address === address);

  return {
    async connect(options) {
      const caipNetworkId = options?.caipNetworkId;
      if (!caipNetworkId || !bip122AddressParams(caipNetworkId))
        return err(ErrorCode.ChainDisconnected, 'Network Not Found: no Bitcoin network is configured');
      const answer = await call('getAccounts', { purposes: ['payment', 'ordinals'] });
      if (!answer.ok) return answer;
      const listed = answer.value as { address: string; publicKey?: string }[];
      const found = bip122Accounts(
        listed.map(({ address, publicKey }) => ({
          address,
          publicKey:
            publicKey && /^([0-9a-f]{2}){32,33}$/i.test(publicKey) ? hex.decode(publicKey.toLowerCase()) : undefined,
        })),
        caipNetworkId,
      );
      if (!found) return err(ErrorCode.InternalError, `${wallet.name} answered an address of another network`);
      if (found.length === 0) return err(ErrorCode.UserRejected, Message.ConnectionRejected);
      accounts = found;
      network = caipNetworkId;
      return ok({ accounts: found.map((a) => a.address), caipNetworkId, name: wallet.name, icon: wallet.icon });
    },
    restore: async () => null,
    async disconnect() {
      accounts = [];
    },
    switchNetwork: async () => ok(null),
    receive() {
      /* sats-connect account changes are not bridged */
    },
    request: (rpc, caipNetworkId) =>
      satsConnectRequest(rpc, {
        accounts,
        caipNetworkId: caipNetworkId ?? network,
        held,
        // The same generic signature; TypeScript does not relate two generic functions over a union's Extract.
        call: call as SatsContext['call'],
      }),
  };
}

/** What a request needs: the connected accounts and network, and the checked wallet call. */
type SatsContext = {
  accounts: readonly Bip122Account[];
  caipNetworkId: CaipNetworkId | undefined;
  held(address: string): boolean;
  call<M extends SatsConnectRequest['method']>(
    method: M,
    params: Extract<SatsConnectRequest, { method: M }>['params'],
  ): Promise<Result<unknown>>;
};

/**
 * Answers a method of the dapp's bip122 provider with a sats-connect wallet
 * (`Bip122RequestParamsSchemas`; -32602 when malformed, 4200 for another method, 4100 when not
 * connected or for an address that is not a connected one): `getAccounts` from the connection;
 * `signMessage` → `signMessage` `{ address, message, protocol: 'BIP322' | 'ECDSA' }`; `signPsbt` →
 * `signPsbt` `{ psbt, signInputs, broadcast }`; `sendTransfer` → `sendTransfer` `{ recipients }`,
 * each recipient valid on the network. Never throws.
 */
export async function satsConnectRequest(rpc: RpcRequest, context: SatsContext): Promise<Result<unknown>> {
  if (!isBip122RequestMethod(rpc.method)) return err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
  const params = validate(Bip122RequestParamsSchemas[rpc.method], rpc.params ?? []);
  if (!params.ok) return params;
  const { accounts, caipNetworkId } = context;
  if (accounts.length === 0 || !caipNetworkId) return err(ErrorCode.Unauthorized, Message.NotConnected);
  const [input] = params.value as [Record<string, unknown> | undefined];
  switch (rpc.method) {
    case 'getAccounts':
    case 'requestAccounts':
      return ok(
        accounts.map((a) => ({
          address: a.address,
          purpose: a.purpose,
          ...(a.publicKey && a.publicKey.length > 0 ? { publicKey: hex.encode(a.publicKey) } : {}),
        })),
      );
    case 'signMessage': {
      const { address, message, protocol } = input as { address: string; message: string; protocol?: string };
      if (!context.held(address)) return err(ErrorCode.Unauthorized, `${address} is not a connected account`);
      const answer = await context.call('signMessage', {
        address,
        message,
        protocol: protocol === 'ecdsa' ? 'ECDSA' : 'BIP322',
      });
      return answer.ok ? ok({ address, signature: (answer.value as { signature: string }).signature }) : answer;
    }
    case 'signPsbt': {
      const { psbt, signInputs, broadcast } = input as {
        psbt: string;
        signInputs: Record<string, number[]>;
        broadcast?: boolean;
      };
      const stranger = Object.keys(signInputs).find((a) => !context.held(a));
      if (stranger) return err(ErrorCode.Unauthorized, `${stranger} is not a connected account`);
      const answer = await context.call('signPsbt', { psbt, signInputs, ...(broadcast ? { broadcast } : {}) });
      if (!answer.ok) return answer;
      const { psbt: signed, txid } = answer.value as { psbt: string; txid?: string };
      if (broadcast && !(typeof txid === 'string' && /^[0-9a-f]{64}$/.test(txid)))
        return err(ErrorCode.InternalError, 'Wallet returned a malformed answer: no txid');
      return ok({ psbt: signed, ...(broadcast ? { txid } : {}) });
    }
    case 'sendTransfer': {
      const { recipients } = input as { recipients: { address: string; amount: number }[] };
      const wrong = recipients.find((r) => !parseBip122Address(r.address, caipNetworkId).ok);
      if (wrong) return err(ErrorCode.InvalidParams, `${wrong.address} is not an address of ${caipNetworkId}`);
      const answer = await context.call('sendTransfer', { recipients });
      return answer.ok ? ok({ txid: (answer.value as { txid: string }).txid }) : answer;
    }
    default:
      return err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
  }
}

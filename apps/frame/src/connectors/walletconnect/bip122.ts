import {
  ErrorCode,
  Message,
  err,
  ok,
  parseCaipAddress,
  validate,
  type CaipNetworkId,
  type Result,
  type RpcRequest,
} from '@airlock/protocol';
import { parseBip122Address } from '@airlock/protocol/bip122';
import { Bip122RequestParamsSchemas, isBip122RequestMethod } from '@airlock/protocol/bip122Wallets';
import { malformed, notGranted } from './answers.ts';
import { sessionGrants, type SessionLike } from './session.ts';

/**
 * A WalletConnect session's bip122 namespace (the Bitcoin JSON-RPC methods of WalletConnect:
 * `getAccountAddresses`, `signMessage`, `signPsbt`, `sendTransfer`). The dapp's bip122 methods
 * (`Bip122RequestParamsSchemas`) are answered from the session's accounts or sent to the wallet in
 * WalletConnect's shapes, each only when the session granted that method (4200 otherwise, the
 * wallet not asked) and only with the session's own addresses (4100 otherwise). Pure except
 * {@link bip122Request}, which calls the wallet.
 */

/** The session's bip122 addresses on one network: the payment one first (the first that is not taproot), then the ordinals one. */
export type Bip122SessionAccounts = {
  caipNetworkId: CaipNetworkId;
  accounts: { address: string; purpose: 'payment' | 'ordinals' }[];
};

/** The session's bip122 namespace as the frame reads it. */
type Bip122Namespace = { accounts?: string[]; methods?: string[] };

const namespaceOf = (session: SessionLike | undefined) =>
  (session?.namespaces as Record<string, Bip122Namespace | undefined> | undefined)?.bip122;

/**
 * The session's bip122 accounts on `caipNetworkId`, else on the first bip122 network it has:
 * CAIP-10 `bip122:<genesis prefix>:<address>`, each address valid on its network
 * (`parseBip122Address`; others are skipped). `preferred` (the wallet's last
 * `bip122_addressesChanged` on that network) puts those addresses first, in their order, so the
 * payment and ordinals accounts are the wallet's current ones. Null when the session has none.
 */
export function sessionBip122Accounts(
  session: SessionLike | undefined,
  caipNetworkId?: string,
  preferred: readonly string[] = [],
): Bip122SessionAccounts | null {
  const byNetwork = new Map<string, { address: string; taproot: boolean }[]>();
  for (const caip of namespaceOf(session)?.accounts ?? []) {
    try {
      const { chainNamespace, chainId, address } = parseCaipAddress(caip);
      const network = `${chainNamespace}:${chainId}`;
      const parsed = parseBip122Address(address, network);
      if (!parsed.ok) continue;
      const list = byNetwork.get(network) ?? [];
      if (!list.some((a) => a.address === address)) list.push({ address, taproot: parsed.type === 'p2tr' });
      byNetwork.set(network, list);
    } catch {
      /* malformed: skipped */
    }
  }
  const network = caipNetworkId && byNetwork.has(caipNetworkId) ? caipNetworkId : [...byNetwork.keys()][0];
  const rank = (address: string) => (preferred.includes(address) ? preferred.indexOf(address) : preferred.length);
  const list = network ? byNetwork.get(network)!.sort((a, b) => rank(a.address) - rank(b.address)) : [];
  const payment = list.find((a) => !a.taproot) ?? list[0];
  if (!network || !payment) return null;
  const ordinals = list.find((a) => a.taproot && a !== payment);
  return {
    caipNetworkId: network as CaipNetworkId,
    accounts: [
      { address: payment.address, purpose: 'payment' },
      ...(ordinals ? [{ address: ordinals.address, purpose: 'ordinals' as const }] : []),
    ],
  };
}

/**
 * The addresses of a WalletConnect `bip122_addressesChanged` session event (WalletConnect's Bitcoin
 * RPC: `data` is `[{ address, publicKey?, path?, intention? }]`; plain address strings are taken
 * too) on the event's network `chainId` that the session holds there (its bip122 accounts are the
 * grant: an address the session never approved is dropped, it could not sign). In the event's
 * order; null when none is left or the event is malformed.
 */
export function bip122ChangedAddresses(
  session: SessionLike | undefined,
  chainId: unknown,
  data: unknown,
): string[] | null {
  // Only the session's bip122 accounts on `chainId` count, each valid there: another namespace's id holds none.
  if (typeof chainId !== 'string' || !Array.isArray(data)) return null;
  const held = new Set(
    (namespaceOf(session)?.accounts ?? [])
      .filter((a) => a.startsWith(`${chainId}:`))
      .map((a) => a.slice(chainId.length + 1)),
  );
  const addresses = data
    .map((entry) => (typeof entry === 'string' ? entry : (entry as { address?: unknown } | null)?.address))
    .filter((a): a is string => typeof a === 'string' && held.has(a) && parseBip122Address(a, chainId).ok);
  return addresses.length > 0 ? [...new Set(addresses)] : null;
}

/** What a bip122 request is sent with: the session, its accounts on the network, and the wallet call. */
export type Bip122WalletConnectContext = {
  session: SessionLike | undefined;
  accounts: Bip122SessionAccounts;
  /** Sends a WalletConnect request on the network (`provider.request({ method, params }, caipNetworkId)`). */
  call(method: string, params: object): Promise<unknown>;
};

/** `getAccountAddresses`' answer: one entry per address. */
type WalletAddress = { address?: unknown; publicKey?: unknown; intention?: unknown };

/**
 * Answers a method of the dapp's bip122 provider over a WalletConnect session:
 * - `getAccounts` / `requestAccounts`: the session's accounts with their purposes; with
 *   `getAccountAddresses` granted, their public keys from the wallet (`{ account, intentions }` →
 *   `[{ address, publicKey (hex), intention }]`; addresses not in the session are ignored; without
 *   an answer, the session's accounts alone);
 * - `signMessage` → `signMessage` `{ account, address, message, protocol }` → `{ address, signature }`;
 * - `signPsbt` → `signPsbt` `{ account, psbt, signInputs: [{ address, index }], broadcast }` →
 *   `{ psbt, txid? }`;
 * - `sendTransfer` (one recipient, valid on the network) → `sendTransfer` `{ account,
 *   recipientAddress, amount (sats, decimal text) }` → `{ txid }`.
 * -32602 for malformed params (or several recipients), 4200 for a method the session did not grant,
 * 4100 for an address that is not the session's. The wallet's error passes through. Never throws.
 */
export async function bip122Request(
  request: RpcRequest,
  context: Bip122WalletConnectContext,
): Promise<Result<unknown>> {
  if (!isBip122RequestMethod(request.method)) return err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
  const params = validate(Bip122RequestParamsSchemas[request.method], request.params ?? []);
  if (!params.ok) return params;
  const { accounts, caipNetworkId } = context.accounts;
  const payment = accounts[0]!.address;
  const held = (address: string) => accounts.some((a) => a.address === address);
  const wcMethod =
    request.method === 'getAccounts' || request.method === 'requestAccounts' ? 'getAccountAddresses' : request.method;
  const granted = sessionGrants(context.session, 'bip122', wcMethod);
  const [input] = params.value as [Record<string, unknown> | undefined];
  try {
    switch (request.method) {
      case 'getAccounts':
      case 'requestAccounts': {
        const keys = new Map<string, string>();
        if (granted) {
          const answer = await context
            .call('getAccountAddresses', { account: payment, intentions: ['payment', 'ordinal'] })
            .catch(() => []);
          for (const entry of Array.isArray(answer) ? (answer as WalletAddress[]) : [])
            if (typeof entry?.address === 'string' && held(entry.address) && typeof entry.publicKey === 'string')
              if (/^(02|03)?[0-9a-f]{64}$/i.test(entry.publicKey))
                keys.set(entry.address, entry.publicKey.toLowerCase());
        }
        return ok(accounts.map((a) => ({ ...a, ...(keys.has(a.address) ? { publicKey: keys.get(a.address) } : {}) })));
      }
      case 'signMessage': {
        const { address, message, protocol } = input as { address: string; message: string; protocol?: string };
        if (!granted) return notGranted(wcMethod);
        if (!held(address)) return err(ErrorCode.Unauthorized, `${address} is not an account of the session`);
        const answer = (await context.call('signMessage', {
          account: payment,
          address,
          message,
          protocol: protocol ?? 'bip322',
        })) as { signature?: unknown };
        if (typeof answer?.signature !== 'string' || !answer.signature) return malformed();
        return ok({ address, signature: answer.signature });
      }
      case 'signPsbt': {
        const { psbt, signInputs, broadcast } = input as {
          psbt: string;
          signInputs: Record<string, number[]>;
          broadcast?: boolean;
        };
        if (!granted) return notGranted(wcMethod);
        const signers = Object.keys(signInputs);
        if (signers.length === 0) return err(ErrorCode.InvalidParams, 'signInputs names no account');
        const stranger = signers.find((a) => !held(a));
        if (stranger) return err(ErrorCode.Unauthorized, `${stranger} is not an account of the session`);
        const answer = (await context.call('signPsbt', {
          account: payment,
          psbt,
          signInputs: signers.flatMap((address) => signInputs[address]!.map((index) => ({ address, index }))),
          ...(broadcast ? { broadcast: true } : {}),
        })) as { psbt?: unknown; txid?: unknown };
        if (typeof answer?.psbt !== 'string') return malformed();
        if (broadcast && (typeof answer.txid !== 'string' || !/^[0-9a-f]{64}$/.test(answer.txid))) return malformed();
        return ok({ psbt: answer.psbt, ...(broadcast ? { txid: answer.txid } : {}) });
      }
      case 'sendTransfer': {
        const { recipients } = input as { recipients: { address: string; amount: number }[] };
        if (!granted) return notGranted(wcMethod);
        if (recipients.length !== 1) return err(ErrorCode.InvalidParams, 'A WalletConnect transfer pays one recipient');
        const [{ address, amount }] = recipients as [{ address: string; amount: number }];
        if (!parseBip122Address(address, caipNetworkId).ok)
          return err(ErrorCode.InvalidParams, `${address} is not an address of ${caipNetworkId}`);
        const answer = (await context.call('sendTransfer', {
          account: payment,
          recipientAddress: address,
          amount: String(amount),
        })) as { txid?: unknown };
        if (typeof answer?.txid !== 'string' || !/^[0-9a-f]{64}$/.test(answer.txid)) return malformed();
        return ok({ txid: answer.txid });
      }
      default:
        return err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
    }
  } catch (error) {
    const e = error as { code?: number; message?: string };
    return err(typeof e?.code === 'number' ? e.code : ErrorCode.InternalError, e?.message ?? String(error));
  }
}

import {
  ErrorCode,
  Message,
  err,
  ok,
  validate,
  type CaipNetworkId,
  type Result,
  type RpcRequest,
} from '@airlock/protocol';
import { bip122WalletStandardChain, parseBip122Address } from '@airlock/protocol/bip122';
import {
  Bip122RequestParamsSchemas,
  isBip122RequestMethod,
  type Bip122FeatureRequest,
  type Bip122Wallet,
} from '@airlock/protocol/bip122Wallets';
import { base64, hex } from '@scure/base';

/** A connected Bitcoin account: its address, purpose (`payment` or `ordinals`) and public key when the wallet gave one. */
export type Bip122Account = { address: string; purpose: 'payment' | 'ordinals'; publicKey?: Uint8Array | undefined };

/** What a request needs of the connector: its wallet, accounts, network and the checked feature call. */
export type BitcoinRequestContext = {
  wallet: Bip122Wallet;
  accounts: readonly Bip122Account[];
  caipNetworkId: CaipNetworkId | undefined;
  call(
    feature: 'bitcoin:signMessage' | 'bitcoin:signTransaction' | 'bitcoin:signAndSendTransaction',
    input: Extract<Bip122FeatureRequest, { feature: `bitcoin:sign${string}` }>['input'],
  ): Promise<Result<unknown>>;
};

/**
 * Answers a method of the dapp's bip122 provider (`Bip122RequestParamsSchemas`; -32602 when
 * malformed, 4200 for another method) with a Wallet Standard wallet:
 * - `getAccounts` / `requestAccounts`: the connected accounts (`publicKey` in hex);
 * - `signMessage` → `bitcoin:signMessage` → `{ address, signature }` in base64: BIP-322 simple (the
 *   witness), or with `protocol: 'ecdsa'` the input's `protocol: 'ecdsa'` (the standard's input has
 *   none) and a legacy BIP-137 signature back: 65 bytes, header 27–42 (a wallet that ignored the
 *   protocol answers a BIP-322 witness: 4200, never passed off as ECDSA);
 * - `signPsbt` → `bitcoin:signTransaction` (or `bitcoin:signAndSendTransaction` with `broadcast`),
 *   each signing address one of the connected accounts (4100 otherwise), with the network's chain;
 * - `sendTransfer`: 4200 (no Wallet Standard feature; the Send view builds the PSBT).
 * An address that is not a connected one is 4100 (spec §6: only the connected accounts sign).
 */
export async function routeBitcoinRequest(rpc: RpcRequest, context: BitcoinRequestContext): Promise<Result<unknown>> {
  const { accounts, caipNetworkId } = context;
  if (!isBip122RequestMethod(rpc.method)) return err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
  const params = validate(Bip122RequestParamsSchemas[rpc.method], rpc.params ?? []);
  if (!params.ok) return params;
  if (accounts.length === 0 || !caipNetworkId) return err(ErrorCode.Unauthorized, Message.NotConnected);
  const held = (address: string) => accounts.some((a) => a.address === address);
  const chain = bip122WalletStandardChain(caipNetworkId);
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
      const [{ address, message, protocol }] = params.value as [
        { address: string; message: string; protocol?: string },
      ];
      if (!held(address)) return err(ErrorCode.Unauthorized, `${address} is not a connected account`);
      const ecdsa = protocol === 'ecdsa';
      const answer = await context.call('bitcoin:signMessage', {
        address,
        message: new TextEncoder().encode(message),
        ...(ecdsa ? { protocol } : {}),
      });
      if (!answer.ok) return answer;
      const [{ signature }] = answer.value as [{ signature: Uint8Array }];
      if (ecdsa && !isLegacySignature(signature))
        return err(ErrorCode.UnsupportedMethod, `${context.wallet.name} does not sign ECDSA (legacy) messages`);
      return ok({ address, signature: base64.encode(signature) });
    }
    case 'signPsbt': {
      const [{ psbt, signInputs, broadcast }] = params.value as [
        { psbt: string; signInputs: Record<string, number[]>; broadcast?: boolean },
      ];
      const addresses = Object.keys(signInputs);
      if (addresses.length === 0 || !chain) return err(ErrorCode.InvalidParams, 'signInputs names no account');
      const unknown = addresses.find((a) => !held(a) || !parseBip122Address(a, caipNetworkId).ok);
      if (unknown) return err(ErrorCode.Unauthorized, `${unknown} is not a connected account`);
      const input = {
        psbt: base64.decode(psbt),
        chain,
        inputsToSign: addresses.map((address) => ({ address, signingIndexes: signInputs[address]! })),
      };
      if (broadcast) {
        const sent = await context.call('bitcoin:signAndSendTransaction', input);
        return sent.ok ? ok({ psbt, txid: (sent.value as [{ txId: string }])[0].txId }) : sent;
      }
      const signed = await context.call('bitcoin:signTransaction', input);
      return signed.ok
        ? ok({ psbt: base64.encode((signed.value as [{ signedPsbt: Uint8Array }])[0].signedPsbt) })
        : signed;
    }
    default:
      return err(ErrorCode.UnsupportedMethod, `${context.wallet.name} has no transfer of its own`);
  }
}

/**
 * True for a legacy message signature's shape (BIP-137, Bitcoin Core `signmessage`): 65 bytes,
 * the header 27–42 (the address type and recovery id), then r and s. A BIP-322 witness is longer.
 */
export const isLegacySignature = (signature: Uint8Array): boolean =>
  signature.length === 65 && signature[0]! >= 27 && signature[0]! <= 42;

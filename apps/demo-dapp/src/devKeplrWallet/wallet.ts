import { COSMOS_NETWORKS, COSMOS_LOCAL_CHAIN_ID } from '@airlock/protocol/cosmos';
import {
  type AminoSignResponse,
  makeCosmoshubPath,
  type OfflineAminoSigner,
  Secp256k1HdWallet,
  type StdSignature,
  type StdSignDoc,
} from '@cosmjs/amino';
import { fromBech32, toBase64 } from '@cosmjs/encoding';
import { type DirectSignResponse, DirectSecp256k1HdWallet, type OfflineDirectSigner } from '@cosmjs/proto-signing';
import type { SignDoc } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import type { Approver } from '../devWallet/approval.ts';
import { DevWalletRpcError } from '../devWallet/errors.ts';
import { type ApprovalStorage, createDevWalletSession } from '../devWallet/session.ts';

/** The Dev Keplr Wallet's name (`getKey().name`). */
export const DEV_KEPLR_WALLET_NAME = 'Dev Keplr Wallet';

/** localStorage key that remembers the approval. */
export const KEPLR_AUTHORISED_KEY = 'devKeplrWallet:authorised';

/** A Keplr-style error with an EIP-1193 style code (4001 rejected, 4100 not enabled, -32602 bad input). */
export class DevKeplrWalletError extends DevWalletRpcError {
  override name = 'DevKeplrWalletError';
}

/** The chains it knows at start (chain id → bech32 prefix); `experimentalSuggestChain` adds more. */
const KNOWN_CHAINS: Record<string, string> = {
  ...Object.fromEntries(Object.values(COSMOS_NETWORKS).map((n) => [n.chainId, n.bech32Prefix])),
  [COSMOS_LOCAL_CHAIN_ID]: 'cosmos',
};

/** Keplr's `getKey` answer. */
export type KeplrKey = {
  name: string;
  algo: 'secp256k1';
  pubKey: Uint8Array;
  address: Uint8Array;
  bech32Address: string;
  isNanoLedger: false;
  isKeystone: false;
};

/** The ADR-036 amino sign doc of arbitrary data (what Keplr's `signArbitrary` signs). */
export const makeAdr36SignDoc = (signer: string, data: string | Uint8Array): StdSignDoc => ({
  chain_id: '',
  account_number: '0',
  sequence: '0',
  fee: { gas: '0', amount: [] },
  msgs: [
    {
      type: 'sign/MsgSignData',
      value: { signer, data: toBase64(typeof data === 'string' ? new TextEncoder().encode(data) : data) },
    },
  ],
  memo: '',
});

/** Options of {@link createDevKeplrWallet}. */
export type DevKeplrWalletOptions = {
  /** The dev mnemonic (apps/cosmos-lcd's `DEV_MNEMONIC`). */
  mnemonic: string;
  /** Asks the person (panel, or auto-approve). */
  approve: Approver;
  /** Where the approval is remembered; default `window.localStorage`. */
  storage?: ApprovalStorage;
  /** Where `keplr_keystorechange` is dispatched; default `window`. */
  events?: EventTarget;
  /** Chain ids it does not know at start (dev and tests: a network to add with `experimentalSuggestChain`). */
  unknownChains?: readonly string[];
};

/**
 * The Dev Keplr Wallet (dev and tests only): `window.keplr`'s interface on CosmJS
 * (`DirectSecp256k1HdWallet` for direct signing, `Secp256k1HdWallet` for amino), account
 * `m/44'/118'/0'/0/<index>` of the dev mnemonic, its address in each chain's prefix:
 * - `enable(chainIds)` asks once (remembered), `getKey(chainId)`;
 * - `getOfflineSigner(chainId)` (direct and amino, what `SigningStargateClient` takes),
 *   `getOfflineSignerOnlyAmino(chainId)`;
 * - `signDirect`, `signAmino`, `signArbitrary` (ADR-036);
 * - `experimentalSuggestChain({ chainId, bech32Config: { bech32PrefixAccAddr } })` (asks);
 * - `switchAccount(index)` (dev only) moves to another account and dispatches `keplr_keystorechange`.
 * Every prompt goes through `approve`; a rejection throws 4001, a chain it does not know or a
 * call before `enable` 4100, a signer that is not its account -32602.
 */
export function createDevKeplrWallet(options: DevKeplrWalletOptions) {
  const { mnemonic, approve } = options;
  const chains = { ...KNOWN_CHAINS };
  for (const id of options.unknownChains ?? []) delete chains[id];
  const enabled = new Set<string>();
  let index = 0;
  const wallets = new Map<string, Promise<[DirectSecp256k1HdWallet, Secp256k1HdWallet]>>();
  const walletsOf = (prefix: string) => {
    const key = `${prefix}/${index}`;
    let w = wallets.get(key);
    if (!w) {
      const opts = { prefix, hdPaths: [makeCosmoshubPath(index)] };
      w = Promise.all([
        DirectSecp256k1HdWallet.fromMnemonic(mnemonic, opts),
        Secp256k1HdWallet.fromMnemonic(mnemonic, opts),
      ]);
      wallets.set(key, w);
    }
    return w;
  };
  let firstAddress = '';
  const session = createDevWalletSession({
    storage: options.storage ?? window.localStorage,
    key: KEPLR_AUTHORISED_KEY,
    value: 'dev-keplr', // remembered for the wallet, whichever account is current
    approve,
    fail: (code, message) => new DevKeplrWalletError(code, message),
    accounts: () => [firstAddress],
  });
  const prefixOf = (chainId: string) => {
    const prefix = Object.hasOwn(chains, chainId) ? chains[chainId] : undefined;
    if (!prefix) throw new DevKeplrWalletError(4100, `There is no chain info for ${chainId}`);
    if (!session.authorised || !enabled.has(chainId)) throw new DevKeplrWalletError(4100, `${chainId} is not enabled`);
    return prefix;
  };
  const accountOf = async (chainId: string) => {
    const [direct] = await walletsOf(prefixOf(chainId));
    return (await direct.getAccounts())[0]!;
  };
  const mine = async (chainId: string, signer: string) => {
    const account = await accountOf(chainId);
    if (account.address !== signer) throw new DevKeplrWalletError(-32602, `${signer} is not this wallet's account`);
    return walletsOf(prefixOf(chainId));
  };
  const signDirect = async (chainId: string, signer: string, signDoc: SignDoc): Promise<DirectSignResponse> => {
    const [direct] = await mine(chainId, signer);
    await session.ask('signDirect', [
      `Chain: ${chainId}`,
      `Signer: ${signer}`,
      `Account number: ${signDoc.accountNumber}`,
      `Body: ${signDoc.bodyBytes.length} bytes`,
    ]);
    return direct.signDirect(signer, { ...signDoc, accountNumber: BigInt(signDoc.accountNumber) });
  };
  const signAmino = async (chainId: string, signer: string, signDoc: StdSignDoc): Promise<AminoSignResponse> => {
    const [, amino] = await mine(chainId, signer);
    await session.ask('signAmino', [
      `Chain: ${chainId}`,
      `Signer: ${signer}`,
      ...signDoc.msgs.map((m) => `Message: ${m.type} ${JSON.stringify(m.value)}`),
      `Fee: ${signDoc.fee.amount.map((c) => `${c.amount}${c.denom}`).join(', ') || 'none'} (gas ${signDoc.fee.gas})`,
      `Memo: ${signDoc.memo}`,
    ]);
    return amino.signAmino(signer, signDoc);
  };
  const keplr = {
    version: '0.12.0-dev',
    mode: 'extension' as const,
    enable: async (chainIds: string | string[]) => {
      const ids = Array.isArray(chainIds) ? chainIds : [chainIds];
      for (const id of ids)
        if (!Object.hasOwn(chains, id)) throw new DevKeplrWalletError(4100, `There is no chain info for ${id}`);
      if (!session.authorised || ids.some((id) => !enabled.has(id))) {
        const [direct] = await walletsOf('cosmos');
        firstAddress = (await direct.getAccounts())[0]!.address;
        if (!session.authorised) await session.ask('enable', [`Chains: ${ids.join(', ')}`, `Account: ${firstAddress}`]);
        for (const id of ids) enabled.add(id);
        if (!session.authorised) session.authorise(true);
      }
    },
    disable: async () => {
      enabled.clear();
      session.authorise(false);
    },
    getKey: async (chainId: string): Promise<KeplrKey> => {
      const account = await accountOf(chainId);
      return {
        name: DEV_KEPLR_WALLET_NAME,
        algo: 'secp256k1',
        pubKey: account.pubkey,
        address: fromBech32(account.address, 90).data,
        bech32Address: account.address,
        isNanoLedger: false,
        isKeystone: false,
      };
    },
    getOfflineSigner: (chainId: string): OfflineDirectSigner & OfflineAminoSigner => ({
      getAccounts: async () => [await accountOf(chainId)],
      signDirect: (signer: string, doc: SignDoc) => signDirect(chainId, signer, doc),
      signAmino: (signer: string, doc: StdSignDoc) => signAmino(chainId, signer, doc),
    }),
    getOfflineSignerOnlyAmino: (chainId: string): OfflineAminoSigner => ({
      getAccounts: async () => [await accountOf(chainId)],
      signAmino: (signer: string, doc: StdSignDoc) => signAmino(chainId, signer, doc),
    }),
    signDirect,
    signAmino,
    signArbitrary: async (chainId: string, signer: string, data: string | Uint8Array): Promise<StdSignature> => {
      const [, amino] = await mine(chainId, signer);
      const text = typeof data === 'string' ? data : new TextDecoder().decode(data);
      await session.ask('signArbitrary', [
        `Chain: ${chainId}`,
        `Signer: ${signer}`,
        `Message: ${text}`,
        'Signature: ADR-036',
      ]);
      return (await amino.signAmino(signer, makeAdr36SignDoc(signer, data))).signature;
    },
    experimentalSuggestChain: async (info: { chainId?: unknown; bech32Config?: { bech32PrefixAccAddr?: unknown } }) => {
      const chainId = info?.chainId;
      const prefix = info?.bech32Config?.bech32PrefixAccAddr;
      if (typeof chainId !== 'string' || typeof prefix !== 'string' || !/^[a-z]{1,20}$/.test(prefix))
        throw new DevKeplrWalletError(-32602, 'chainId and bech32Config.bech32PrefixAccAddr are required');
      if (chains[chainId] === prefix) return;
      await session.ask('experimentalSuggestChain', [`Chain: ${chainId}`, `Address prefix: ${prefix}`]);
      chains[chainId] = prefix;
    },
    /** Dev only: moves to account `next` of the mnemonic and tells the page (`keplr_keystorechange`). */
    switchAccount: (next: number) => {
      index = next;
      (options.events ?? window).dispatchEvent(new Event('keplr_keystorechange'));
    },
  };
  return keplr;
}

/** The Dev Keplr Wallet ({@link createDevKeplrWallet}). */
export type DevKeplrWallet = ReturnType<typeof createDevKeplrWallet>;

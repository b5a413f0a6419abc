import { POLKADOT_NETWORKS, POLKADOT_LOCAL_GENESIS_HASH } from '@airlock/protocol/polkadot';
import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { TypeRegistry } from '@polkadot/types';
import type { SignerPayloadJSON, SignerPayloadRaw } from '@polkadot/types/types';
import { u8aToHex, u8aWrapBytes } from '@polkadot/util';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import type { Approver } from '../devWallet/approval.ts';
import { DevWalletRpcError } from '../devWallet/errors.ts';
import { type ApprovalStorage, createDevWalletSession } from '../devWallet/session.ts';

/** Its key in `window.injectedWeb3` (what `@polkadot/extension-dapp`'s `web3Enable` lists). */
export const DEV_POLKADOT_EXTENSION_NAME = 'dev-polkadot';

/** localStorage key that remembers the approval. */
export const POLKADOT_AUTHORISED_KEY = 'devPolkadotExtension:authorised';

/** An error with an EIP-1193 style code (4001 rejected, 4100 unknown account, -32602 bad input). */
export class DevPolkadotExtensionError extends DevWalletRpcError {
  override name = 'DevPolkadotExtensionError';
}

/** An account as the injected extension protocol lists it. */
export type InjectedAccount = { address: string; name: string; type: 'sr25519'; genesisHash: null };

/** What `enable(origin)` answers: the injected extension protocol's `Injected` (accounts and signer). */
export type DevInjected = {
  accounts: {
    get(anyType?: boolean): Promise<InjectedAccount[]>;
    subscribe(cb: (accounts: InjectedAccount[]) => void): () => void;
  };
  signer: {
    signPayload(payload: SignerPayloadJSON): Promise<{ id: number; signature: `0x${string}` }>;
    signRaw(raw: SignerPayloadRaw): Promise<{ id: number; signature: `0x${string}` }>;
  };
};

/** The genesis hashes it names in prompts. */
const NETWORK_NAMES: Record<string, string> = {
  ...Object.fromEntries(Object.values(POLKADOT_NETWORKS).map((n) => [n.genesisHash, n.name])),
  [POLKADOT_LOCAL_GENESIS_HASH]: 'Polkadot Local',
};

/** Options of {@link createDevPolkadotExtension}. */
export type DevPolkadotExtensionOptions = {
  /** Asks the person (panel, or auto-approve). */
  approve: Approver;
  /** Where the approval is remembered; default `window.localStorage`. */
  storage?: ApprovalStorage;
};

/**
 * The Dev Polkadot extension (dev and tests only), shaped like polkadot-js's: `enable(origin)` asks
 * once (remembered) and answers `{ accounts, signer }`; the accounts are Substrate's dev keys
 * (`//Alice` first, sr25519 with `@polkadot/keyring`, generic SS58 42 addresses); the signer's
 * `signPayload(SignerPayloadJSON)` signs the extrinsic payload as the extension does
 * (`@polkadot/types` `ExtrinsicPayload`, with the payload's signed extensions) and `signRaw`
 * signs `<Bytes>data</Bytes>` (type `bytes`) or the data itself (`payload`). `switchAccount(uri)`
 * (dev only) changes the account and tells the subscribers.
 * Every prompt goes through `approve`; a rejection throws 4001, an address it does not hold 4100.
 */
export async function createDevPolkadotExtension(options: DevPolkadotExtensionOptions) {
  await cryptoWaitReady();
  const keyring = new Keyring({ type: 'sr25519', ss58Format: 42 });
  let pair: KeyringPair = keyring.addFromUri('//Alice', { name: 'Dev Alice' });
  const listed = (): InjectedAccount[] => [
    { address: pair.address, name: String(pair.meta.name), type: 'sr25519', genesisHash: null },
  ];
  const session = createDevWalletSession({
    storage: options.storage ?? window.localStorage,
    key: POLKADOT_AUTHORISED_KEY,
    value: 'dev-polkadot',
    approve: options.approve,
    fail: (code, message) => new DevPolkadotExtensionError(code, message),
    accounts: listed,
  });
  let id = 0;
  const signerOf = (address: string) => {
    let key: Uint8Array;
    try {
      key = keyring.decodeAddress(address);
    } catch {
      throw new DevPolkadotExtensionError(-32602, `Not an SS58 address: ${address}`);
    }
    if (!session.authorised || u8aToHex(key) !== u8aToHex(pair.publicKey))
      throw new DevPolkadotExtensionError(4100, `Unable to find the account ${address}`);
    return pair;
  };
  const injected: DevInjected = {
    accounts: {
      get: async () => [...session.current()],
      subscribe: (cb) => {
        cb([...session.current()]);
        return session.on(({ accounts }) => cb([...(accounts ?? [])]));
      },
    },
    signer: {
      signPayload: async (payload) => {
        const signer = signerOf(payload.address);
        const registry = new TypeRegistry();
        registry.setSignedExtensions(payload.signedExtensions);
        const extrinsic = registry.createType('ExtrinsicPayload', payload, { version: payload.version });
        await session.ask('signPayload', [
          `Network: ${NETWORK_NAMES[payload.genesisHash] ?? payload.genesisHash}`,
          `Account: ${payload.address}`,
          `Call: ${payload.method}`,
          `Nonce: ${Number(payload.nonce)}, tip: ${BigInt(payload.tip)}`,
          `Runtime: spec ${Number(payload.specVersion)}, tx ${Number(payload.transactionVersion)}`,
        ]);
        return { id: ++id, signature: extrinsic.sign(signer).signature };
      },
      signRaw: async ({ address, data, type }) => {
        const signer = signerOf(address);
        if (!/^0x([0-9a-fA-F]{2})*$/.test(data)) throw new DevPolkadotExtensionError(-32602, 'data must be hex');
        await session.ask('signRaw', [`Account: ${address}`, `Data (${type}): ${data}`]);
        const bytes = type === 'bytes' ? u8aWrapBytes(data) : data;
        return { id: ++id, signature: u8aToHex(signer.sign(bytes)) };
      },
    },
  };
  return {
    version: '0.1.0-dev',
    /** The injected extension protocol's entry: asks once per page (remembered), then answers the accounts and signer. */
    enable: async (origin: string): Promise<DevInjected> => {
      if (typeof origin !== 'string' || origin === '')
        throw new DevPolkadotExtensionError(-32602, 'origin is required');
      if (!session.authorised) {
        await session.ask('enable', [`Site: ${origin}`, `Account: ${pair.address}`]);
        session.authorise(true);
      }
      return injected;
    },
    /** Dev only: moves to another dev key (e.g. `//Bob`) and tells the subscribers. */
    switchAccount: (uri: string) => {
      pair = keyring.addFromUri(uri, { name: `Dev ${uri.replace(/^\/\//, '')}` });
      session.authorise(session.authorised);
    },
  };
}

/** The Dev Polkadot extension ({@link createDevPolkadotExtension}). */
export type DevPolkadotExtension = Awaited<ReturnType<typeof createDevPolkadotExtension>>;

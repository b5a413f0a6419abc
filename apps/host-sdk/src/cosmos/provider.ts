import type { EIP1193Provider, RequestArguments } from '../provider.ts';

/** Bytes → standard base64. */
const b64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
/** Standard base64 → bytes. */
const bytes = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A Cosmos account as CosmJS's offline signers answer it (`AccountData` of `@cosmjs/proto-signing`). */
export type CosmosAccountData = { address: string; algo: 'secp256k1'; pubkey: Uint8Array };

/** A `SignDoc` of SIGN_MODE_DIRECT as CosmJS builds it (`cosmjs-types` `SignDoc`). */
export type CosmosSignDoc = {
  bodyBytes: Uint8Array;
  authInfoBytes: Uint8Array;
  chainId: string;
  accountNumber: bigint;
};

/** A `StdSignature` (ADR-036, Amino, Direct): the public key and the signature, base64. */
export type CosmosStdSignature = { pub_key: { type: string; value: string }; signature: string };

/** An offline signer `SigningStargateClient.connectWithSigner` accepts (CosmJS's `OfflineDirectSigner` and `OfflineAminoSigner`). */
export type CosmosOfflineSigner = {
  getAccounts(): Promise<CosmosAccountData[]>;
  signDirect(
    signerAddress: string,
    signDoc: CosmosSignDoc,
  ): Promise<{ signed: CosmosSignDoc; signature: CosmosStdSignature }>;
  signAmino(signerAddress: string, signDoc: object): Promise<{ signed: any; signature: CosmosStdSignature }>;
};

/**
 * The dapp's cosmos provider (`widget.getProvider('cosmos')` with the {@link cosmos} extension):
 * the EIP-1193 `request` / `on` of the frame's cosmos namespace (methods `cosmos_getAccounts`,
 * `cosmos_requestAccounts`, `cosmos_signDirect`, `cosmos_signAmino`, `cosmos_signArbitrary`) plus the
 * Keplr calls a CosmJS app makes. Every call goes to the visitor's connected Cosmos wallet through
 * the frame; `chainId` must be the connected network's chain id (4901 otherwise). Errors are
 * ProviderRpcErrors: 4001 rejected, 4100 not connected on a Cosmos network.
 */
export type CosmosProvider = EIP1193Provider & {
  /** Opens the modal on Connect while disconnected; resolves once a Cosmos wallet is connected (4001 when the visitor closes it). */
  enable(chainIds: string | string[]): Promise<void>;
  /** The connected account as Keplr's `getKey` shapes it. */
  getKey(chainId: string): Promise<{ bech32Address: string; pubKey: Uint8Array; algo: string; name: string }>;
  /** An offline signer for CosmJS (`SigningStargateClient.connectWithSigner(rpc, signer)`). */
  getOfflineSigner(chainId: string): CosmosOfflineSigner;
  /** Keplr's `signDirect`. */
  signDirect(chainId: string, signer: string, signDoc: CosmosSignDoc): ReturnType<CosmosOfflineSigner['signDirect']>;
  /** Keplr's `signAmino`. */
  signAmino(chainId: string, signer: string, signDoc: object): ReturnType<CosmosOfflineSigner['signAmino']>;
  /** Keplr's `signArbitrary` (ADR-036 of `data`, text). */
  signArbitrary(chainId: string, signer: string, data: string): Promise<CosmosStdSignature>;
};

/** A sign doc with its account number and bytes converted by `n` and `b` (to JSON and back). */
const doc = (d: any, n: (v: any) => any, b: (v: any) => any) => ({
  chainId: d.chainId,
  accountNumber: n(d.accountNumber),
  bodyBytes: b(d.bodyBytes),
  authInfoBytes: b(d.authInfoBytes),
});

/** Makes the {@link CosmosProvider} on the namespace's EIP-1193 provider `base`. */
export const createCosmosProvider = (base: EIP1193Provider): CosmosProvider => {
  const ask = (method: string, ...params: unknown[]): Promise<any> =>
    base.request({ method, params } as RequestArguments);
  const accounts = async (): Promise<CosmosAccountData[]> =>
    (await ask('cosmos_getAccounts')).map((a: any) => ({
      address: a.address,
      algo: 'secp256k1',
      pubkey: bytes(a.pubkey),
    }));
  const signDirect = async (signerAddress: string, d: CosmosSignDoc) => {
    const r = await ask('cosmos_signDirect', { signerAddress, signDoc: doc(d, String, b64) });
    return { signed: doc(r.signed, BigInt, bytes), signature: r.signature };
  };
  const signAmino = (signerAddress: string, signDoc: object) => ask('cosmos_signAmino', { signerAddress, signDoc });
  return Object.assign(base, {
    enable: () => ask('cosmos_requestAccounts').then(() => {}),
    getKey: () => accounts().then(([a]) => ({ bech32Address: a!.address, pubKey: a!.pubkey, algo: a!.algo, name: '' })),
    getOfflineSigner: () => ({ getAccounts: accounts, signDirect, signAmino }),
    signDirect: (_: string, signer: string, d: CosmosSignDoc) => signDirect(signer, d),
    signAmino: (_: string, signer: string, d: object) => signAmino(signer, d),
    signArbitrary: (_: string, signerAddress: string, data: string) =>
      ask('cosmos_signArbitrary', { signerAddress, data }),
  });
};

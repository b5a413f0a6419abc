import type { EIP1193Provider, RequestArguments } from '../provider.ts';

/** An account as an injected extension lists it (`InjectedAccount` of `@polkadot/extension-inject`). */
export type PolkadotInjectedAccount = { address: string; name?: string };

/** A signer's answer (`SignerResult` of `@polkadot/types`). */
export type PolkadotSignerResult = { id: number; signature: `0x${string}` };

/**
 * The dapp's polkadot provider (`widget.getProvider('polkadot')` with the {@link polkadot}
 * extension), shaped as an injected extension's `Injected` so `@polkadot/api` takes it as it is
 * (`api.setSigner(provider.signer)`, or `signAndSend(address, { signer: provider.signer })`):
 * the EIP-1193 `request` / `on` of the frame's polkadot namespace (`polkadot_getAccounts`,
 * `polkadot_requestAccounts`, `polkadot_signTransaction`, `polkadot_signMessage`) plus
 * - `enable()`: opens the modal on Connect while disconnected, resolves with the provider itself;
 * - `accounts.get()`: the connected accounts, in the connected network's SS58 format;
 * - `signer.signPayload(payload)` (a `SignerPayloadJSON` of the connected network) and
 *   `signer.signRaw({ address, data })` → `{ id, signature }`.
 * Errors are ProviderRpcErrors: 4001 rejected, 4100 not connected on a Polkadot network, 4901 a
 * payload of another network.
 */
export type PolkadotProvider = EIP1193Provider & {
  enable(originName?: string): Promise<PolkadotProvider>;
  accounts: { get(): Promise<PolkadotInjectedAccount[]> };
  signer: {
    signPayload(payload: { address: string; genesisHash: string; method: string }): Promise<PolkadotSignerResult>;
    signRaw(raw: { address: string; data: string; type?: string }): Promise<PolkadotSignerResult>;
  };
};

/** Makes the {@link PolkadotProvider} on the namespace's EIP-1193 provider `base`. */
export const createPolkadotProvider = (base: EIP1193Provider): PolkadotProvider => {
  let id = 0;
  const ask = (method: string, ...params: unknown[]): Promise<any> =>
    base.request({ method, params } as RequestArguments);
  const signed = async (method: string, params: object) => ({
    id: ++id,
    signature: (await ask(method, params)).signature,
  });
  const p: PolkadotProvider = Object.assign(base, {
    enable: () => ask('polkadot_requestAccounts').then(() => p),
    accounts: { get: () => ask('polkadot_getAccounts') },
    signer: {
      signPayload: (payload: { address: string }) =>
        signed('polkadot_signTransaction', { address: payload.address, transactionPayload: payload }),
      signRaw: ({ address, data }: { address: string; data: string }) =>
        signed('polkadot_signMessage', { address, message: data }),
    },
  });
  return p;
};

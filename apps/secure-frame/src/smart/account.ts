import { createPublicClient, defineChain, http, type Hex, type PublicClient } from 'viem';
import type { HDAccount } from 'viem/accounts';
import {
  createBundlerClient,
  entryPoint07Address,
  toSimple7702SmartAccount,
  type BundlerClient,
  type SmartAccount,
} from 'viem/account-abstraction';
import { toSafeSmartAccount } from 'permissionless/accounts';
import type { SmartAccountMode } from '../config/deployment.ts';

/**
 * The smart account code of the secure frame (docs/embedded-wallet.md "Smart accounts"), a chunk of its
 * own loaded on the first smart-account network: permissionless's Safe account and viem's
 * Simple7702Account, the bundler client. Nothing here holds more than the owner account it is given.
 */

/** Where one network's smart account lives: owner, network, the deployment's RPC, the API's bundler route. */
export type SmartAccountContext = {
  /** The embedded eip155 key (the Safe's only owner; the EOA itself in `eip7702` mode). */
  owner: HDAccount;
  /** CAIP-2 id, `eip155:<chain id>`. */
  caipNetworkId: string;
  /** The deployment's own JSON-RPC URL of the network (config/deployment.ts `rpcUrls`). */
  rpcUrl: string;
  mode: SmartAccountMode;
  /** ms each JSON-RPC call may take. */
  timeoutMs: number;
};

/** A network's smart account with the clients that serve it. */
export type SmartAccountHandle = {
  account: SmartAccount;
  /** The embedded key that owns it (signs the EIP-7702 authorization in `eip7702` mode). */
  owner: HDAccount;
  mode: SmartAccountMode;
  client: PublicClient;
  chainId: number;
};

/** The chain id of an `eip155:<id>` CAIP-2 id. */
export const chainIdOf = (caipNetworkId: string) => Number(caipNetworkId.split(':')[1]);

/**
 * The smart account of `context.owner` on one network: in `safe` mode a Safe 1.4.1 (one owner,
 * threshold 1, salt 0) with the Safe4337Module 0.3.0 for EntryPoint v0.7, at its counterfactual address
 * (computed from the public Safe contracts; the same on every chain that has them); in `eip7702` mode
 * the owner's own address running Simple7702Account (EntryPoint v0.8) once delegated.
 * @throws Error when the network's RPC does not answer (the Safe address needs one read)
 */
export async function createSmartAccountHandle(context: SmartAccountContext): Promise<SmartAccountHandle> {
  const chainId = chainIdOf(context.caipNetworkId);
  const chain = defineChain({
    id: chainId,
    name: context.caipNetworkId,
    nativeCurrency: { name: 'Native', symbol: 'NATIVE', decimals: 18 },
    rpcUrls: { default: { http: [context.rpcUrl] } },
  });
  const client = createPublicClient({
    chain,
    transport: http(context.rpcUrl, { timeout: context.timeoutMs, retryCount: 0 }),
  }) as PublicClient;
  const account =
    context.mode === 'safe'
      ? await toSafeSmartAccount({
          client,
          owners: [context.owner],
          version: '1.4.1',
          entryPoint: { address: entryPoint07Address, version: '0.7' },
        })
      : await toSimple7702SmartAccount({
          client,
          // viem's HD accounts sign authorizations (the type marks it optional for other local accounts).
          owner: context.owner as unknown as Parameters<typeof toSimple7702SmartAccount>[0]['owner'],
        });
  return { account: account as SmartAccount, owner: context.owner, mode: context.mode, client, chainId };
}

/** The bundler client of a handle: the API's `POST /v1/bundler` (never a bundler URL of its own), the bundler's gas price. */
export function bundlerClientOf(handle: SmartAccountHandle, bundlerUrl: string, timeoutMs: number): BundlerClient {
  const bundler = createBundlerClient({
    client: handle.client,
    account: handle.account,
    transport: http(bundlerUrl, { timeout: timeoutMs, retryCount: 0 }),
    pollingInterval: 250,
    userOperation: {
      // The bundler's own price: it refuses an operation priced under it.
      estimateFeesPerGas: async () => {
        const price = (await bundler.request({ method: 'pimlico_getUserOperationGasPrice' as never })) as {
          standard: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex };
        };
        return {
          maxFeePerGas: BigInt(price.standard.maxFeePerGas),
          maxPriorityFeePerGas: BigInt(price.standard.maxPriorityFeePerGas),
        };
      },
    },
  });
  return bundler;
}

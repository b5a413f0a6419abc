import { z } from 'zod/mini';
import { ConnectionsEventSchema } from './connections.ts';
import { CosmosWalletEventSchema, PolkadotWalletEventSchema } from './pageWalletEvents.ts';
import { ChainNamespaceSchema } from './namespace.ts';
import { HexSchema, WidgetStateSchema } from './schemas.ts';
import { SiwxSessionSchema } from './siwx.ts';

/**
 * Events the frame emits to the host with `emit(event)`.
 * `state` carries the whole widget state; `provider` events are the EIP-1193
 * events the host re-emits on `getProvider(chainNamespace)`; `connections` (multi-wallet,
 * connections.ts) goes to the listeners of `subscribeConnections`.
 */

const providerEvent = <E extends string, D extends z.ZodMiniType>(event: E, data: D) =>
  z.object({ type: z.literal('provider'), chainNamespace: ChainNamespaceSchema, event: z.literal(event), data });

/** EIP-1193 `connect`: `{ chainId }` (hex chain id). */
export const ConnectEventSchema = providerEvent('connect', z.object({ chainId: HexSchema }));
/** EIP-1193 `disconnect`: a ProviderRpcError shape, code 4900. */
export const DisconnectEventSchema = providerEvent('disconnect', z.object({ code: z.int(), message: z.string() }));
/** EIP-1193 `accountsChanged`: the new account list (empty when disconnected). */
export const AccountsChangedEventSchema = providerEvent('accountsChanged', z.array(z.string()));
/** EIP-1193 `chainChanged`: the new hex chain id (eip155) or CAIP-2 reference. */
export const ChainChangedEventSchema = providerEvent('chainChanged', z.string().check(z.minLength(1)));
/** `siwx`: the sign-in session of the connected account changed (spec §4 sign-in flow), `null` when it ended. */
export const SiwxEventSchema = providerEvent('siwx', z.nullable(SiwxSessionSchema));

/** `{ type: 'state', state }`: the new widget state after any change. */
export const StateEventSchema = z.object({ type: z.literal('state'), state: WidgetStateSchema });

/** Any event the frame emits to the host. */
export const HostEventSchema = z.union([
  StateEventSchema,
  ConnectEventSchema,
  DisconnectEventSchema,
  AccountsChangedEventSchema,
  ChainChangedEventSchema,
  SiwxEventSchema,
  ConnectionsEventSchema,
]);

/** An event from frame to host. */
export type HostEvent = z.infer<typeof HostEventSchema>;

/**
 * What the host tells the frame about page wallets with `walletEvent(event)`:
 * a new EIP-6963 announcement or Wallet Standard registration (`announced`), or an EIP-1193 event from a wallet the frame
 * has used (`uuid` names it); `solanaChange` is a Wallet Standard (Solana)
 * wallet's account change (`id` names it), `bitcoinChange` a bridged Bitcoin wallet's
 * ({@link Bip122WalletEventSchema}).
 */
/**
 * A bridged Bitcoin wallet's account change (Wallet Standard `standard:events` `change`, or
 * sats-connect `accountChange`), sent by the opt-in `@airlock/host-sdk/bitcoin` entry: the
 * addresses it now authorises ([] = none). The frame checks each address for the active network.
 */
export const Bip122WalletEventSchema = z.object({
  type: z.literal('bitcoinChange'),
  id: z.string(),
  accounts: z.array(z.string().check(z.minLength(14)).check(z.maxLength(90))).check(z.maxLength(8)),
});

/** A bridged Bitcoin wallet's account change. */
export type Bip122WalletEvent = z.infer<typeof Bip122WalletEventSchema>;

export const WalletEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('announced') }),
  z.object({ type: z.literal('accountsChanged'), uuid: z.string(), accounts: z.array(z.string()) }),
  z.object({ type: z.literal('chainChanged'), uuid: z.string(), chainId: z.string() }),
  z.object({ type: z.literal('disconnect'), uuid: z.string() }),
  /** A Wallet Standard wallet's `standard:events` `change` with accounts (addresses; [] = none authorised). */
  z.object({
    type: z.literal('solanaChange'),
    id: z.string(),
    accounts: z.array(z.string().check(z.maxLength(64))).check(z.maxLength(100)),
  }),
  Bip122WalletEventSchema,
  /** A bridged Keplr-shaped wallet's key change (`cosmosChange`, cosmosWallets.ts): the frame asks `getKey` again. */
  CosmosWalletEventSchema,
  /** A bridged injected Polkadot extension's account change (`polkadotChange`, polkadotWallets.ts). */
  PolkadotWalletEventSchema,
]);

/** A page-wallet event from host to frame. */
export type WalletEvent = z.infer<typeof WalletEventSchema>;

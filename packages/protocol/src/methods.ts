import { z } from 'zod/mini';
import { ChainNamespaceSchema } from './namespace.ts';
import type { MethodFn, MethodSpec } from './methodSpec.ts';
import {
  CaipAddressSchema,
  CaipNetworkIdSchema,
  RpcRequestSchema,
  ThemeSchema,
  WalletAnnouncementSchema,
  WidgetStateSchema,
} from './schemas.ts';
import { HostEventSchema, WalletEventSchema } from './events.ts';
import { ConnectionSchema, DeleteConnectionSchema, SwitchConnectionSchema } from './connections.ts';
import type { bitcoinHostMethods } from './bip122Wallets.ts';
import type { cosmosHostMethods } from './cosmosWallets.ts';
import type { multichainHostMethods } from './multichain.ts';
import type { polkadotHostMethods } from './polkadotWallets.ts';
import type { solanaHostMethods } from './solana.ts';

/**
 * The method tables: which side exposes what. Each entry gives the positional
 * parameters (a zod tuple), the `value` of a successful result, the error
 * codes it may return and what it does. `PROTOCOL.md` is generated from these.
 */

export type { MethodFn, MethodSpec } from './methodSpec.ts';

const Null = z.null();

/**
 * The frame's persisted state as one JSON string, at most 1 MiB (1,048,576 UTF-16
 * code units; spec §3 'Local storage keeps'). It holds the WalletConnect session
 * store too, which grows about 1 KB per request until its records expire.
 */
export const PersistedBlobSchema = z.string().check(z.maxLength(1_048_576));

/** Views the dapp may open directly (spec §2 'An explicit view may be requested'). */
export const OpenableViewSchema = z.enum(['Connect', 'Account', 'Networks', 'AllWallets', 'ConnectingFarcaster']);

/** Options of `open()`. */
export const OpenOptionsSchema = z.strictObject({
  view: z.optional(OpenableViewSchema),
  namespace: z.optional(ChainNamespaceSchema),
});

/** Arguments of the frame's `request()`: an EIP-1193 request for a chain namespace. */
export const FrameRequestSchema = z.strictObject({
  ...RpcRequestSchema.shape,
  ...{ chainNamespace: ChainNamespaceSchema },
});

/** Methods the frame exposes to the host. Every parameter is validated in the frame. */
export const frameMethods = {
  open: {
    summary:
      'Shows the modal (spec §2 opening rules: connected goes to Account, otherwise Connect, or the requested view). Resolves when the modal closes, with the connected account then.',
    params: z.tuple([z.optional(OpenOptionsSchema)]),
    paramNames: ['options'],
    result: z.object({ caipAddress: z.nullable(CaipAddressSchema) }),
    errors: { [-32602]: 'malformed options' },
    timeout: 'none (settles when the visitor closes the modal)',
  },
  close: {
    summary: 'Closes the modal and resets the view stack to Connect (spec §2).',
    params: z.tuple([]),
    paramNames: [],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  request: {
    summary:
      "An EIP-1193 request from the dapp. Account-bound methods go to the connected wallet, reads to the active network RPC. `eth_requestAccounts` while disconnected opens the modal and settles when the visitor connects (accounts) or closes it (4001). The multichain session's `wallet_createSession`, `wallet_getSession`, `wallet_revokeSession` and `wallet_invokeMethod` (CAIP-25, see below) are answered by the session, whatever the namespace.",
    params: z.tuple([FrameRequestSchema]),
    paramNames: ['request'],
    result: z.unknown(),
    errors: {
      4001: 'the visitor or the wallet rejected (Connection rejected, Modal closed)',
      4100: 'an account-bound method while disconnected; a multichain scope or method the session did not grant',
      4200: 'a method the widget does not support',
      4901: 'a chain that is not in the configured networks',
      5100: 'wallet_createSession: a required scope on a network without a connected wallet (CAIP-25)',
      5101: 'wallet_createSession: a required scope names methods its namespace does not serve',
      5102: 'wallet_createSession: a required scope names notifications the widget does not send',
      [-32602]: 'malformed request',
    },
    timeout: '10000 for reads; none for methods that wait for a person (the frame applies 120000 to the wallet)',
  },
  getState: {
    summary: 'The current widget state.',
    params: z.tuple([]),
    paramNames: [],
    result: WidgetStateSchema,
    errors: {},
    timeout: '10000',
  },
  switchNetwork: {
    summary:
      'Switches the active network (spec §4): asks the connected wallet (wallet_switchEthereumChain, then wallet_addEthereumChain on 4902) or switches locally when disconnected.',
    params: z.tuple([CaipNetworkIdSchema]),
    paramNames: ['caipNetworkId'],
    result: Null,
    errors: {
      4001: 'the wallet rejected the switch',
      4901: 'the network is not in the configured networks (Network Not Found)',
      [-32602]: 'not a CAIP-2 network id',
    },
    timeout: 'none (may wait for the wallet; the frame applies 120000)',
  },
  disconnect: {
    summary: 'Disconnects the wallet (spec §4) and forgets it for silent reconnect.',
    params: z.tuple([]),
    paramNames: [],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  setTheme: {
    summary:
      'Changes the theme mode and/or the theme variables (spec §3 Theme sync); the frame applies them at once and forwards them to the secure frame (SYNC_THEME).',
    params: z.tuple([ThemeSchema]),
    paramNames: ['theme'],
    result: Null,
    errors: { [-32602]: 'malformed theme' },
    timeout: '10000',
  },
  getConnections: {
    summary:
      "The wallet connections of a chain namespace (spec §1, §6 multi-wallet; see Connection), the active one marked `active`. With the multiWallet feature off: [] and the info alert 'Multi-Wallet Not Enabled' in the modal.",
    params: z.tuple([ChainNamespaceSchema]),
    paramNames: ['chainNamespace'],
    result: z.array(ConnectionSchema),
    errors: { [-32602]: 'not a chain namespace' },
    timeout: '10000',
  },
  switchConnection: {
    summary:
      "Makes the connection of `connectorId`, with the account `address` (its address or CAIP-10 id), the active one of its namespace; the dapp gets accountsChanged / chainChanged for that namespace only. The active one itself: nothing happens. With the multiWallet feature off: nothing happens (null) and the info alert 'Multi-Wallet Not Enabled'.",
    params: z.tuple([SwitchConnectionSchema]),
    paramNames: ['connection'],
    result: Null,
    errors: {
      4100: "no connection of that connector, or no such account in it ('No connector found for connection: {id}')",
      [-32602]: 'malformed argument',
    },
    timeout: 'none (may wait for the wallet; the frame applies 120000)',
  },
  deleteConnection: {
    summary:
      "Disconnects the connection of `connectorId` (spec §4: the others stay; with none left the status becomes disconnected) and forgets it for silent reconnect. With the multiWallet feature off: nothing happens (null) and the info alert 'Multi-Wallet Not Enabled'.",
    params: z.tuple([DeleteConnectionSchema]),
    paramNames: ['connection'],
    result: Null,
    errors: {
      4100: "no connection of that connector ('No connector found for connection: {id}')",
      [-32602]: 'malformed argument',
    },
    timeout: '10000',
  },
  walletEvent: {
    summary:
      'The host reports a page-wallet event: a new EIP-6963 announcement, or accountsChanged / chainChanged / disconnect from a wallet the frame used.',
    params: z.tuple([WalletEventSchema]),
    paramNames: ['event'],
    result: Null,
    errors: { [-32602]: 'malformed event' },
    timeout: '10000',
  },
} satisfies Record<string, MethodSpec>;

/** Methods the host exposes to the frame. The host trusts only the pinned frame origin. */
export const hostMethods = {
  setLayout: {
    summary:
      "Shows (open: true) or hides (open: false) the iframe overlay on the dapp page. The frame's first call, once its closed modal is drawn, also tells the host it may reveal the overlay at once on a plain open() (no options): the frame keeps that view drawn, inert, while closed. In embedded mode (FrameConfig inline) the frame also sends its height and whether it shows as the modal overlay (an approval) or inline.",
    params: z.tuple([
      z.object({
        open: z.boolean(),
        /** Embedded mode only (FrameConfig `inline`): the widget's height in CSS pixels, for the iframe in the page's element. */
        height: z.optional(z.number().check(z.gte(0)).check(z.lte(100_000))),
        /** Embedded mode only: true while the widget shows as the modal overlay (an approval), false while inline. */
        modal: z.optional(z.boolean()),
      }),
    ]),
    paramNames: ['layout'],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  emit: {
    summary: 'A state change or an EIP-1193 event for the dapp (see HostEvent).',
    params: z.tuple([HostEventSchema]),
    paramNames: ['event'],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  'wallets.list': {
    summary: 'The wallets announced on the page through EIP-6963 so far (the frame validates every entry).',
    params: z.tuple([]),
    paramNames: [],
    result: z.array(WalletAnnouncementSchema),
    errors: {},
    timeout: '10000',
  },
  'wallets.request': {
    summary:
      'Forwards an EIP-1193 request to the page wallet with this EIP-6963 uuid. Only methods with `hostForward` in the method-policy table pass.',
    params: z.tuple([z.string(), RpcRequestSchema]),
    paramNames: ['uuid', 'request'],
    result: z.unknown(),
    errors: {
      4200: 'the method is not forwarded to page wallets',
      4900: 'no wallet with that uuid on the page',
      4001: 'the wallet rejected (its own code and data are passed through)',
    },
    timeout: '120000 for methods that wait for a person, 10000 otherwise',
  },
  'storage.get': {
    summary:
      "The frame's persisted blob kept on the dapp origin (the host's localStorage key `airlock`), or null. Used only when the frame's own localStorage is denied (a third-party iframe with third-party storage blocked); the frame validates the blob.",
    params: z.tuple([]),
    paramNames: [],
    result: z.nullable(PersistedBlobSchema),
    errors: {},
    timeout: '10000',
  },
  'storage.set': {
    summary: 'Replaces the blob of `storage.get` (the frame writes `{}` to forget).',
    params: z.tuple([PersistedBlobSchema]),
    paramNames: ['blob'],
    result: Null,
    errors: {},
    timeout: '10000',
  },
} satisfies Record<string, MethodSpec>;

type Fn<M extends MethodSpec> = MethodFn<M>;

/** What the frame implements (the host calls these through penpal). */
export type FrameMethods = { [K in keyof typeof frameMethods]: Fn<(typeof frameMethods)[K]> };

/** What the host implements (the frame calls these through penpal). */
export type HostMethods = {
  setLayout: Fn<(typeof hostMethods)['setLayout']>;
  emit: Fn<(typeof hostMethods)['emit']>;
  wallets: {
    list: Fn<(typeof hostMethods)['wallets.list']>;
    request: Fn<(typeof hostMethods)['wallets.request']>;
  };
  /** Present only with the opt-in Solana entry (`@airlock/host-sdk/solana`); specs in `solanaHostMethods`. */
  solana?: {
    list: Fn<(typeof solanaHostMethods)['solana.list']>;
    request: Fn<(typeof solanaHostMethods)['solana.request']>;
  };
  /** Present only with the opt-in Bitcoin entry (`@airlock/host-sdk/bitcoin`); specs in `bitcoinHostMethods`. */
  bitcoin?: {
    list: Fn<(typeof bitcoinHostMethods)['bitcoin.list']>;
    request: Fn<(typeof bitcoinHostMethods)['bitcoin.request']>;
  };
  /** Present only with the opt-in Cosmos entry (`@airlock/host-sdk/cosmos`); specs in `cosmosHostMethods`. */
  cosmos?: {
    list: Fn<(typeof cosmosHostMethods)['cosmos.list']>;
    request: Fn<(typeof cosmosHostMethods)['cosmos.request']>;
  };
  /** Present only with the opt-in Polkadot entry (`@airlock/host-sdk/polkadot`); specs in `polkadotHostMethods`. */
  polkadot?: {
    list: Fn<(typeof polkadotHostMethods)['polkadot.list']>;
    request: Fn<(typeof polkadotHostMethods)['polkadot.request']>;
  };
  /** Present only with the opt-in multichain entry (`@airlock/host-sdk/multichain`); specs in `multichainHostMethods`. */
  multichain?: {
    notify: Fn<(typeof multichainHostMethods)['multichain.notify']>;
  };
  storage: {
    get: Fn<(typeof hostMethods)['storage.get']>;
    set: Fn<(typeof hostMethods)['storage.set']>;
  };
};

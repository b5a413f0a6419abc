import {
  ErrorCode,
  err,
  ok,
  type FrameConfig,
  type HostEvent,
  type Result,
  type RpcRequest,
  type WalletAnnouncement,
} from '@airlock/protocol';
import type { HostRemote } from '../host/client.ts';

/**
 * Test helpers: a fake host (the page side of penpal is not part of a unit test; the
 * e2e suite drives the real one), a fake page wallet, a test FrameConfig.
 */

/** Anvil's account 0. */
export const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;
/** Anvil's account 1. */
export const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const;

const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

/** An EIP-6963 announcement for tests. */
export function announcement(name: string, rdns: string, n: number): WalletAnnouncement {
  return { uuid: `4f1a2b3c-1111-4222-8333-${String(n).padStart(12, '0')}`, name, icon: ICON, rdns };
}

/** A FrameConfig with two networks (Anvil A with an explorer, Anvil B without); the default RPC URLs refuse connections. */
export function testConfig(rpcA = 'http://127.0.0.1:1', rpcB = 'http://127.0.0.1:2'): FrameConfig {
  const currency = { name: 'Ether', symbol: 'ETH', decimals: 18 };
  return {
    projectId: 'test-project',
    parentOrigin: 'http://localhost:15173',
    networks: [
      {
        id: 31337,
        name: 'Anvil A',
        chainNamespace: 'eip155',
        caipNetworkId: 'eip155:31337',
        nativeCurrency: currency,
        rpcUrls: { default: { http: [rpcA] } },
        blockExplorers: { default: { name: 'Explorer A', url: 'http://explorer.test' } },
      },
      {
        id: 31338,
        name: 'Anvil B',
        chainNamespace: 'eip155',
        caipNetworkId: 'eip155:31338',
        nativeCurrency: currency,
        rpcUrls: { default: { http: [rpcB] } },
      },
    ],
  };
}

/** A scriptable page wallet: its account, chain, and which prompts it rejects. */
export type FakeWallet = {
  accounts: string[];
  chainId: string;
  /** Chains it knows (hex); switching to another gives 4902 until added. */
  knownChains: string[];
  /** Methods that answer 4001. */
  reject: Set<string>;
};

/** A fake wallet on Anvil A with account 0, already authorised. */
export function fakeWallet(overrides: Partial<FakeWallet> = {}): FakeWallet {
  return { accounts: [ACCOUNT_0], chainId: '0x7a69', knownChains: ['0x7a69'], reject: new Set(), ...overrides };
}

/** What a fake host records. */
export type FakeHost = {
  host: HostRemote;
  events: HostEvent[];
  layouts: boolean[];
  requests: { uuid: string; request: RpcRequest }[];
  wallets: WalletAnnouncement[];
  wallet: FakeWallet;
  /** The blob the frame keeps on the dapp origin (`storage.set`), null until written. */
  blob: string | null;
  /** Provider events (event name and data) emitted to the dapp, in order. */
  providerEvents: () => string[];
};

function answer(wallet: FakeWallet, request: RpcRequest): Result<unknown> {
  const { method } = request;
  if (wallet.reject.has(method)) return err(ErrorCode.UserRejected, 'User rejected the request.', { reason: 'test' });
  const first = Array.isArray(request.params) ? (request.params[0] as Record<string, unknown>) : undefined;
  switch (method) {
    case 'eth_requestAccounts':
    case 'eth_accounts':
      return ok(wallet.accounts);
    case 'eth_chainId':
      return ok(wallet.chainId);
    case 'wallet_switchEthereumChain': {
      const chainId = String(first?.chainId);
      if (!wallet.knownChains.includes(chainId)) return err(ErrorCode.UnrecognizedChain, 'Unrecognized chain');
      wallet.chainId = chainId;
      return ok(null);
    }
    case 'wallet_addEthereumChain':
      wallet.knownChains.push(String(first?.chainId));
      return ok(null);
    case 'personal_sign':
      return ok(`0x${'ab'.repeat(65)}`);
    case 'eth_sendTransaction':
      return ok(`0x${'12'.repeat(32)}`);
    default:
      return err(ErrorCode.UnsupportedMethod, 'not allowed');
  }
}

/** A Storage in memory (what a frame's usable localStorage looks like to the tests). */
export { memoryStorage } from '../storage/memoryStorage.ts';

/** Creates a fake host remote with these page wallets (all backed by the same fake wallet). */
export function createFakeHost(wallets: WalletAnnouncement[], wallet: FakeWallet = fakeWallet()): FakeHost {
  const fake: FakeHost = {
    events: [],
    layouts: [],
    requests: [],
    wallets,
    wallet,
    blob: null,
    providerEvents: () =>
      fake.events.flatMap((e) => (e.type === 'provider' ? [`${e.event} ${JSON.stringify(e.data)}`] : [])),
    host: {
      setLayout: async ({ open }: { open: boolean }) => {
        fake.layouts.push(open);
        return ok(null);
      },
      emit: async (event: HostEvent) => {
        fake.events.push(event);
        return ok(null);
      },
      wallets: {
        list: async () => ok(fake.wallets),
        request: async (uuid: string, request: RpcRequest) => {
          fake.requests.push({ uuid, request });
          return answer(fake.wallet, request);
        },
      },
      storage: {
        get: async () => ok(fake.blob),
        set: async (blob: string) => {
          fake.blob = blob;
          return ok(null);
        },
      },
    } as unknown as HostRemote,
  };
  return fake;
}

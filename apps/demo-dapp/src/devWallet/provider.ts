import {
  createWalletClient,
  http,
  isAddressEqual,
  isHex,
  numberToHex,
  type Address,
  type Chain,
  type Hash,
  type TypedDataDefinition,
} from 'viem';
import { mnemonicToAccount, type HDAccount } from 'viem/accounts';
import type { Network } from '@airlock/protocol';
import { methodPolicy } from '@airlock/protocol/rpcMethods';
import type { Approver } from './approval.ts';
import {
  chainFromAddParameter,
  chainIdHex,
  chainsFromNetworks,
  parseChainId,
  type AddEthereumChainParameter,
} from './chains.ts';
import { createEmitter, type Listener } from './emitter.ts';
import {
  DevWalletRpcError,
  invalidParams,
  unauthorized,
  unrecognizedChain,
  unsupportedMethod,
  userRejected,
} from './errors.ts';
import { summarizeRequest } from './summary.ts';
import { createCallsHandlers } from './calls.ts';
import { toTransaction, type DevWalletTransaction } from './transaction.ts';

/** The anvil / hardhat default mnemonic; account 0 is `0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266`. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

/** localStorage key that remembers the person approved the connection (like an extension, survives reloads). */
export const CONNECTED_KEY = 'devwallet:connected';

/** Options of {@link createDevWalletProvider}. */
export type DevWalletOptions = {
  /** The networks the wallet knows (spec §3; eip155 only). The first is active at start. */
  networks: readonly Network[];
  /** Asks the person; see {@link Approver}. */
  approve: Approver;
  /** Where the approval is remembered; default `window.localStorage`. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Mnemonic of the local account (account 0); default {@link ANVIL_MNEMONIC}. */
  mnemonic?: string;
};

/** An EIP-1193 request. */
export type RequestArguments = { method: string; params?: readonly unknown[] | object };

/**
 * The Dev Wallet: an EIP-1193 provider over a viem local account, for the demo
 * and the tests only (the key is the public anvil key).
 */
export type DevWalletProvider = {
  /**
   * EIP-1193 request. Supports eth_requestAccounts, eth_accounts, eth_chainId,
   * personal_sign, eth_signTypedData_v4, eth_sendTransaction,
   * wallet_switchEthereumChain, wallet_addEthereumChain, wallet_revokePermissions (EIP-2255:
   * forgets the approval like {@link DevWalletProvider.lock}), and EIP-5792's wallet_getCapabilities,
   * wallet_sendCalls (one transaction per call, after one approval) and wallet_getCallsStatus (calls.ts).
   * Rejects with {@link DevWalletRpcError}: 4001 'User rejected the request.' on Reject,
   * 4100 for account calls before approval or for another address, 4200 for other
   * methods, 4902 for switching to an unknown chain, -32602 on bad params,
   * the node's code (or -32603) when sending fails, EIP-5792's 57xx codes for a batch.
   */
  request(args: RequestArguments): Promise<unknown>;
  /** Adds an EIP-1193 event listener (`accountsChanged` with `Address[]`, `chainChanged` with a hex chain id). */
  on(event: string, listener: Listener): DevWalletProvider;
  /** Removes an EIP-1193 event listener. */
  removeListener(event: string, listener: Listener): DevWalletProvider;
  /** Forgets the approval (the 'Lock wallet' button) and emits `accountsChanged []`. */
  lock(): void;
  /** The local account's checksummed address. */
  readonly address: Address;
  /** The active chain (viem Chain; `id` is the decimal chain id). */
  activeChain(): Chain;
  /** True once the person approved the connection (and until {@link DevWalletProvider.lock}). */
  isConnected(): boolean;
};

/**
 * Creates the Dev Wallet provider.
 * @throws Error 'Dev Wallet needs at least one eip155 network' when `networks` has none.
 */
export function createDevWalletProvider(options: DevWalletOptions): DevWalletProvider {
  const account: HDAccount = mnemonicToAccount(options.mnemonic ?? ANVIL_MNEMONIC);
  const storage = options.storage ?? window.localStorage;
  const chains = chainsFromNetworks(options.networks);
  if (chains.length === 0) throw new Error('Dev Wallet needs at least one eip155 network');
  let active: Chain = chains[0]!;
  const emitter = createEmitter();

  const isConnected = (): boolean => storage.getItem(CONNECTED_KEY) === account.address;
  const accounts = (): Address[] => (isConnected() ? [account.address] : []);

  const ask = async (method: string, params: unknown): Promise<void> => {
    const summary = summarizeRequest(method, params, account.address, active.nativeCurrency.symbol);
    if (!(await options.approve({ method, summary }))) throw userRejected();
  };

  const checkAddress = (address: unknown): void => {
    if (typeof address !== 'string' || !isHex(address) || address.length !== 42)
      throw invalidParams('Expected an address');
    if (!isAddressEqual(address, account.address)) throw unauthorized(`Unknown account ${address}`);
  };

  const send = async (chain: Chain, tx: DevWalletTransaction): Promise<Hash> => {
    const client = createWalletClient({ account, chain, transport: http(chain.rpcUrls.default.http[0]) });
    try {
      return await client.sendTransaction(tx as Parameters<typeof client.sendTransaction>[0]);
    } catch (error) {
      throw nodeError(error);
    }
  };

  const switchTo = (chain: Chain): void => {
    if (chain.id === active.id) return;
    active = chain;
    emitter.emit('chainChanged', chainIdHex(chain));
  };

  const handlers: Record<string, (params: readonly unknown[]) => Promise<unknown>> = {
    async eth_requestAccounts() {
      if (isConnected()) return accounts();
      await ask('eth_requestAccounts', []);
      storage.setItem(CONNECTED_KEY, account.address);
      emitter.emit('accountsChanged', accounts());
      return accounts();
    },
    async eth_accounts() {
      return accounts();
    },
    async eth_chainId() {
      return chainIdHex(active);
    },
    async personal_sign(params) {
      const [message, address] = params;
      checkAddress(address);
      if (typeof message !== 'string') throw invalidParams('personal_sign: message must be a string');
      await ask('personal_sign', params);
      return account.signMessage({ message: isHex(message) ? { raw: message } : message });
    },
    async eth_signTypedData_v4(params) {
      const [address, json] = params;
      checkAddress(address);
      let typed: TypedDataDefinition;
      try {
        typed = (typeof json === 'string' ? JSON.parse(json) : json) as TypedDataDefinition;
      } catch {
        throw invalidParams('eth_signTypedData_v4: data must be a JSON string');
      }
      const { EIP712Domain: _domainType, ...types } = (typed.types ?? {}) as Record<string, unknown>;
      await ask('eth_signTypedData_v4', params);
      try {
        return await account.signTypedData({ ...typed, types } as TypedDataDefinition);
      } catch (error) {
        throw invalidParams(
          `eth_signTypedData_v4: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        );
      }
    },
    async eth_sendTransaction(params) {
      const raw = params[0] as Record<string, unknown> | undefined;
      if (raw?.from !== undefined) checkAddress(raw.from);
      if (raw?.chainId !== undefined && raw.chainId !== null && parseChainId(raw.chainId) !== active.id) {
        throw invalidParams(
          `eth_sendTransaction: chainId ${String(raw.chainId)} is not the active chain ${numberToHex(active.id)}`,
        );
      }
      const tx = toTransaction(raw);
      await ask('eth_sendTransaction', params);
      return send(active, tx);
    },
    // EIP-5792, one transaction per call (calls.ts).
    ...createCallsHandlers({ active: () => active, chains: () => chains, checkAddress, ask, send }),
    // EIP-2255: a dapp (or the widget) that disconnects revokes the approval, so the next
    // eth_requestAccounts asks again, as 'Lock wallet' does.
    async wallet_revokePermissions() {
      provider.lock();
      return null;
    },
    async wallet_switchEthereumChain(params) {
      const { chainId } = (params[0] ?? {}) as { chainId?: unknown };
      const id = parseChainId(chainId);
      const chain = chains.find((c) => c.id === id);
      if (!chain) throw unrecognizedChain(String(chainId));
      switchTo(chain);
      return null;
    },
    async wallet_addEthereumChain(params) {
      const param = params[0] as AddEthereumChainParameter | undefined;
      if (!param || typeof param !== 'object') throw invalidParams('wallet_addEthereumChain: expected a chain object');
      const id = parseChainId(param.chainId);
      if (!chains.some((c) => c.id === id)) chains.push(chainFromAddParameter(param));
      return null;
    },
  };

  const provider: DevWalletProvider = {
    address: account.address,
    async request(args) {
      if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
        throw new DevWalletRpcError(-32600, 'Invalid request: expected { method, params }');
      }
      const handler = Object.hasOwn(handlers, args.method) ? handlers[args.method] : undefined;
      if (!handler) throw unsupportedMethod(args.method);
      // Signing and sending (`unsafe` in the method-policy table) act for the account: 4100 before approval.
      if (methodPolicy(args.method)?.unsafe && !isConnected()) throw unauthorized();
      const params = Array.isArray(args.params) ? (args.params as readonly unknown[]) : [];
      return handler(params);
    },
    on(event, listener) {
      emitter.on(event, listener);
      return provider;
    },
    removeListener(event, listener) {
      emitter.removeListener(event, listener);
      return provider;
    },
    lock() {
      const was = isConnected();
      storage.removeItem(CONNECTED_KEY);
      if (was) emitter.emit('accountsChanged', []);
    },
    activeChain: () => active,
    isConnected,
  };
  return provider;
}

/** Maps a viem error from the node to a coded error: the innermost numeric `code`, else -32603. */
function nodeError(error: unknown): DevWalletRpcError {
  let code = -32603;
  let current: unknown = error;
  const message =
    (error as { shortMessage?: string })?.shortMessage ?? (error instanceof Error ? error.message : String(error));
  while (current && typeof current === 'object') {
    const c = (current as { code?: unknown }).code;
    if (typeof c === 'number') code = c;
    current = (current as { cause?: unknown }).cause;
  }
  return new DevWalletRpcError(code, message);
}

import { numberToHex } from 'viem';
import {
  ErrorCode,
  HexSchema,
  Message,
  err,
  isEvmAddress,
  ok,
  toChecksumAddress,
  type Network,
  type Result,
  type RpcRequest,
} from '@airlock/protocol';
import { hostWalletRequest } from '../bridge/host.ts';

/**
 * The host-bridged injected connector: talks to a page wallet (EIP-6963,
 * identified by its uuid) through the host's `wallets.request`. Every value
 * the wallet returns through the host is checked here before use.
 */

/** Methods that wait for a person in the wallet (penpal timeout Timeout.person). */
const PERSON_METHODS = new Set([
  'eth_requestAccounts',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
]);

/** Forwards `request` to wallet `uuid` with the right timeout (person vs read). Errors keep code and data. */
export function walletRequest(uuid: string, request: RpcRequest): Promise<Result<unknown>> {
  return hostWalletRequest(uuid, request, PERSON_METHODS.has(request.method));
}

/**
 * Checks an accounts array from the wallet (EIP-1193 `eth_accounts` /
 * `eth_requestAccounts`): every entry an EVM address (spec §5). Returns the
 * EIP-55 checksummed addresses, or -32603 when malformed.
 */
export function parseAccounts(value: unknown): Result<`0x${string}`[]> {
  if (!Array.isArray(value) || !value.every((a) => isEvmAddress(a))) {
    return err(ErrorCode.InternalError, 'Wallet returned malformed accounts');
  }
  return ok(value.map((a: string) => toChecksumAddress(a)));
}

/** Checks a hex chain id from the wallet (`0x7a69`) and returns it as a number; -32603 when malformed. */
export function parseChainId(value: unknown): Result<number> {
  const parsed = HexSchema.safeParse(value);
  const id = parsed.success ? Number.parseInt(parsed.data, 16) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) return err(ErrorCode.InternalError, 'Wallet returned a malformed chain id');
  return ok(id);
}

/** Asks the wallet to connect (`eth_requestAccounts`, a prompt). Non-empty checksummed accounts, or the wallet's error (4001 kept). */
export async function requestAccounts(uuid: string): Promise<Result<`0x${string}`[]>> {
  const result = await walletRequest(uuid, { method: 'eth_requestAccounts' });
  if (!result.ok) return result;
  const accounts = parseAccounts(result.value);
  if (accounts.ok && accounts.value.length === 0) return err(ErrorCode.UserRejected, Message.ConnectionRejected);
  return accounts;
}

/** Silent check (`eth_accounts`, no prompt): the authorised accounts, possibly []. */
export async function getAccounts(uuid: string): Promise<Result<`0x${string}`[]>> {
  const result = await walletRequest(uuid, { method: 'eth_accounts' });
  return result.ok ? parseAccounts(result.value) : result;
}

/** The wallet's chain (`eth_chainId`) as a number. */
export async function getChainId(uuid: string): Promise<Result<number>> {
  const result = await walletRequest(uuid, { method: 'eth_chainId' });
  return result.ok ? parseChainId(result.value) : result;
}

/**
 * EIP-3085 `wallet_addEthereumChain` parameters built from a spec §3 Network:
 * chainId (hex), chainName, nativeCurrency, rpcUrls, blockExplorerUrls.
 */
export function addChainParams(network: Network): Record<string, unknown> {
  return {
    chainId: numberToHex(Number(network.id)),
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls.default.http,
    ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
  };
}

/**
 * Switches the wallet to `network` (EIP-3326 `wallet_switchEthereumChain`);
 * when the wallet does not know the chain (4902) it adds it (EIP-3085
 * `wallet_addEthereumChain`) and retries the switch. Errors keep the wallet's
 * code (4001 rejected) and data.
 */
export async function switchChain(uuid: string, network: Network): Promise<Result<null>> {
  const chainId = numberToHex(Number(network.id));
  const switchOnce = () => walletRequest(uuid, { method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  let result = await switchOnce();
  if (!result.ok && result.error.code === ErrorCode.UnrecognizedChain) {
    const added = await walletRequest(uuid, { method: 'wallet_addEthereumChain', params: [addChainParams(network)] });
    if (!added.ok) return added;
    result = await switchOnce();
  }
  return result.ok ? ok(null) : result;
}

import { POLKADOT_LOCAL_GENESIS_HASH, polkadotSystemAccountKey } from '@airlock/protocol/polkadot';
import { bnToU8a, u8aConcat, u8aToHex } from '@polkadot/util';
import type { DevSubstrateAccount } from './devAccounts.ts';

/** The chain name `system_chain` answers. */
export const CHAIN_NAME = 'Airlock Local';

/** The runtime version `state_getRuntimeVersion` answers (a plausible `--dev` runtime; nothing runs). */
export const RUNTIME_VERSION = {
  specName: 'airlock-local',
  implName: 'airlock-substrate-rpc',
  authoringVersion: 1,
  specVersion: 1_000_000,
  implVersion: 0,
  apis: [],
  transactionVersion: 26,
  stateVersion: 1,
};

/** The storage key of `System.Account(accountId)` (from `@airlock/protocol/polkadot`, the same key a real node answers). */
export const systemAccountKey = polkadotSystemAccountKey;

const u32 = (n: number) => bnToU8a(n, { bitLength: 32, isLe: true });
const u128 = (n: bigint) => bnToU8a(n, { bitLength: 128, isLe: true });

/**
 * The SCALE encoding of a `frame_system::AccountInfo` with `pallet_balances::AccountData`:
 * nonce, consumers, providers, sufficients (u32 each), then free, reserved, frozen, flags (u128
 * each, little-endian) — 80 bytes.
 */
export const encodeAccountInfo = (a: { nonce?: number; free: bigint; reserved: bigint }): `0x${string}` =>
  u8aToHex(
    u8aConcat(
      u32(a.nonce ?? 0),
      u32(a.reserved > 0n ? 1 : 0),
      u32(1),
      u32(0),
      u128(a.free),
      u128(a.reserved),
      u128(0n),
      u128(1n << 127n), // the "new logic" flag every account carries since the balances migration
    ),
  );

type RpcRequest = { id?: unknown; method?: unknown; params?: unknown };

/**
 * The Substrate JSON-RPC subset the stand-in answers: `system_chain`, `system_name`,
 * `system_version`, `system_properties` (SS58 42, 12 decimals, UNIT), `system_health`,
 * `chain_getBlockHash` (block 0: {@link POLKADOT_LOCAL_GENESIS_HASH}), `state_getRuntimeVersion`,
 * `state_getStorage` of `System.Account` keys (null for other keys and unknown accounts, as a node
 * answers for an empty entry), `system_accountNextIndex`. Anything else is -32601.
 */
export const substrateRpc = (accounts: readonly DevSubstrateAccount[], body: unknown) => {
  const { id = null, method, params } = (body ?? {}) as RpcRequest;
  const list = Array.isArray(params) ? params : [];
  const ok = (result: unknown) => ({ jsonrpc: '2.0', id, result });
  const error = (code: number, message: string) => ({ jsonrpc: '2.0', id, error: { code, message } });
  const byKey = new Map(accounts.map((a) => [systemAccountKey(a.publicKey), a]));
  switch (method) {
    case 'system_chain':
      return ok(CHAIN_NAME);
    case 'system_name':
      return ok('airlock-substrate-rpc');
    case 'system_version':
      return ok('0.1.0');
    case 'system_properties':
      return ok({ ss58Format: 42, tokenDecimals: 12, tokenSymbol: 'UNIT' });
    case 'system_health':
      return ok({ peers: 0, isSyncing: false, shouldHavePeers: false });
    case 'chain_getBlockHash': {
      const n = list[0];
      if (n === 0 || n === '0x0' || n === '0x00') return ok(POLKADOT_LOCAL_GENESIS_HASH);
      if (n === undefined || n === null) return ok(`0x${'b1'.repeat(32)}`);
      return ok(null);
    }
    case 'state_getRuntimeVersion':
      return ok(RUNTIME_VERSION);
    case 'state_getStorage': {
      const key = String(list[0] ?? '').toLowerCase();
      if (!/^0x([0-9a-f]{2})*$/.test(key)) return error(-32602, 'Invalid params: storage key must be hex');
      const a = byKey.get(key as `0x${string}`);
      return ok(a ? encodeAccountInfo(a) : null);
    }
    case 'system_accountNextIndex': {
      const address = String(list[0] ?? '');
      return accounts.some((a) => a.address === address) ? ok(0) : error(-32602, 'Invalid params: unknown account');
    }
    default:
      return error(-32601, 'Method not found');
  }
};

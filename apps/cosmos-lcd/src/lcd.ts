import { fromBase64, toBase64 } from '@cosmjs/encoding';
import type { CosmosChain } from './chain.ts';

/** An HTTP status and JSON body. */
type Reply = [number, unknown];

/** The gRPC-gateway error the LCD answers (`code` a gRPC status code). */
const grpcError = (status: number, code: number, message: string): Reply => [status, { code, message, details: [] }];

/**
 * The GET routes of the Cosmos SDK REST (LCD) API the stand-in serves:
 * - `/cosmos/auth/v1beta1/accounts/{address}` → `{ account }` (a BaseAccount; 404 NotFound when unknown);
 * - `/cosmos/bank/v1beta1/balances/{address}` → `{ balances, pagination }`;
 * - `/cosmos/bank/v1beta1/balances/{address}/by_denom?denom=` → `{ balance }`;
 * - `/cosmos/base/tendermint/v1beta1/node_info` → `{ default_node_info: { network } , application_version }`;
 * - `/cosmos/tx/v1beta1/txs/{hash}` → `{ tx_response }` of an applied transaction.
 */
export const lcdGet = (chain: CosmosChain, url: URL): Reply => {
  const parts = url.pathname.split('/').filter(Boolean);
  const path = parts.slice(0, 4).join('/');
  const address = parts[4] ?? '';
  if (path === 'cosmos/auth/v1beta1/accounts' && parts.length === 5) {
    if (!chain.isAddress(address)) return grpcError(400, 3, `invalid address ${address}`);
    const a = chain.accounts.get(address);
    if (!a) return grpcError(404, 5, `account ${address} not found`);
    return [
      200,
      {
        account: {
          '@type': '/cosmos.auth.v1beta1.BaseAccount',
          address: a.address,
          pub_key: a.pubkey ? { '@type': '/cosmos.crypto.secp256k1.PubKey', key: toBase64(a.pubkey) } : null,
          account_number: String(a.accountNumber),
          sequence: String(a.sequence),
        },
      },
    ];
  }
  if (path === 'cosmos/bank/v1beta1/balances' && (parts.length === 5 || parts[5] === 'by_denom')) {
    if (!chain.isAddress(address)) return grpcError(400, 3, `invalid address ${address}`);
    const balances = chain.accounts.get(address)?.balances ?? new Map<string, bigint>();
    if (parts[5] === 'by_denom') {
      const denom = url.searchParams.get('denom') ?? '';
      if (!denom) return grpcError(400, 3, 'invalid denom');
      return [200, { balance: { denom, amount: String(balances.get(denom) ?? 0n) } }];
    }
    const list = [...balances]
      .filter(([, amount]) => amount > 0n)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([denom, amount]) => ({ denom, amount: String(amount) }));
    return [200, { balances: list, pagination: { next_key: null, total: String(list.length) } }];
  }
  if (url.pathname === '/cosmos/base/tendermint/v1beta1/node_info')
    return [
      200,
      {
        default_node_info: { network: chain.chainId, moniker: 'airlock-cosmos-lcd', version: '0.38.17' },
        application_version: { name: 'airlock-cosmos-lcd', app_name: 'stand-in', version: '0.1.0' },
      },
    ];
  if (path === 'cosmos/tx/v1beta1/txs' && parts.length === 5) {
    const found = chain.txs.get(address.toUpperCase());
    if (!found) return grpcError(404, 5, `tx not found: ${address}`);
    return [200, { tx_response: txResponse(found.result) }];
  }
  return grpcError(404, 5, 'Not Implemented');
};

/** A broadcast result as the LCD's `tx_response`. */
const txResponse = (r: ReturnType<CosmosChain['broadcast']>) => ({
  height: String(r.height),
  txhash: r.hash,
  codespace: r.codespace,
  code: r.code,
  data: '',
  raw_log: r.log,
  logs: [],
  info: '',
  gas_wanted: '0',
  gas_used: '0',
  tx: null,
  timestamp: '',
  events: [],
});

/**
 * `POST /cosmos/tx/v1beta1/txs` with `{ tx_bytes: base64, mode: 'BROADCAST_MODE_SYNC' }` (or
 * `BROADCAST_MODE_BLOCK` / `_ASYNC`: all applied at once here) → `{ tx_response }`; a refused
 * transaction answers 200 with its non-zero `code`, as a node's check does.
 */
export const lcdBroadcast = (chain: CosmosChain, body: unknown): Reply => {
  const { tx_bytes } = (body ?? {}) as { tx_bytes?: unknown };
  if (typeof tx_bytes !== 'string' || tx_bytes === '') return grpcError(400, 3, 'tx_bytes is required (base64)');
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(tx_bytes);
  } catch {
    return grpcError(400, 3, 'tx_bytes is not base64');
  }
  return [200, { tx_response: txResponse(chain.broadcast(bytes)) }];
};

import { fromBase64, fromHex, toBase64, toHex } from '@cosmjs/encoding';
import { sha256 } from '@cosmjs/crypto';
import { QueryAccountRequest, QueryAccountResponse } from 'cosmjs-types/cosmos/auth/v1beta1/query';
import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth';
import {
  QueryAllBalancesRequest,
  QueryAllBalancesResponse,
  QueryBalanceRequest,
  QueryBalanceResponse,
} from 'cosmjs-types/cosmos/bank/v1beta1/query';
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys';
import type { CosmosChain } from './chain.ts';

/** CometBFT's version the stand-in reports (CosmJS picks its 0.38 client from it). */
export const COMET_VERSION = '0.38.17';

type RpcRequest = { jsonrpc?: string; id?: unknown; method?: unknown; params?: Record<string, unknown> };

const hex32 = (seed: string) => toHex(sha256(new TextEncoder().encode(seed))).toUpperCase();

/** The `status` result: node info (network = chain id), the latest "block" (one per applied transaction), a fixed validator. */
const status = (chain: CosmosChain) => ({
  node_info: {
    protocol_version: { p2p: '8', block: '11', app: '0' },
    id: hex32('airlock-node').slice(0, 40).toLowerCase(),
    listen_addr: 'tcp://127.0.0.1:26656',
    network: chain.chainId,
    version: COMET_VERSION,
    channels: '40202122233038606100',
    moniker: 'airlock-cosmos-lcd',
    other: { tx_index: 'on', rpc_address: 'tcp://127.0.0.1:26657' },
  },
  sync_info: {
    latest_block_hash: hex32(`block-${chain.height()}`),
    latest_app_hash: hex32(`app-${chain.height()}`),
    latest_block_height: String(chain.height()),
    latest_block_time: new Date().toISOString(),
    catching_up: false,
  },
  validator_info: {
    address: hex32('validator').slice(0, 40),
    pub_key: { type: 'tendermint/PubKeyEd25519', value: toBase64(sha256(new TextEncoder().encode('validator'))) },
    voting_power: '10',
  },
});

/** An `abci_query` answer: `value` (protobuf) or an error `code` with its `log`. */
const abci = (chain: CosmosChain, value?: Uint8Array, code = 0, log = '') => ({
  response: {
    code,
    log,
    info: '',
    index: '0',
    key: null,
    value: value ? toBase64(value) : null,
    proofOps: null,
    height: String(chain.height()),
    codespace: code ? 'sdk' : '',
  },
});

/** The gRPC queries served through `abci_query`: auth Account, bank Balance and AllBalances. */
const query = (chain: CosmosChain, path: string, data: Uint8Array) => {
  if (path === '/cosmos.auth.v1beta1.Query/Account') {
    const { address } = QueryAccountRequest.decode(data);
    const a = chain.accounts.get(address);
    if (!a) return abci(chain, undefined, 22, `rpc error: code = NotFound desc = account ${address} not found`);
    const account = BaseAccount.fromPartial({
      address,
      accountNumber: BigInt(a.accountNumber),
      sequence: BigInt(a.sequence),
      pubKey: a.pubkey
        ? { typeUrl: '/cosmos.crypto.secp256k1.PubKey', value: PubKey.encode({ key: a.pubkey }).finish() }
        : undefined,
    });
    return abci(
      chain,
      QueryAccountResponse.encode({
        account: { typeUrl: '/cosmos.auth.v1beta1.BaseAccount', value: BaseAccount.encode(account).finish() },
      }).finish(),
    );
  }
  if (path === '/cosmos.bank.v1beta1.Query/Balance') {
    const { address, denom } = QueryBalanceRequest.decode(data);
    const amount = chain.accounts.get(address)?.balances.get(denom) ?? 0n;
    return abci(chain, QueryBalanceResponse.encode({ balance: { denom, amount: String(amount) } }).finish());
  }
  if (path === '/cosmos.bank.v1beta1.Query/AllBalances') {
    const { address } = QueryAllBalancesRequest.decode(data);
    const balances = [...(chain.accounts.get(address)?.balances ?? [])]
      .filter(([, amount]) => amount > 0n)
      .map(([denom, amount]) => ({ denom, amount: String(amount) }));
    return abci(chain, QueryAllBalancesResponse.encode({ balances, resolutionDenom: '' } as never).finish());
  }
  return abci(chain, undefined, 6, `rpc error: code = Unimplemented desc = unknown query path ${path}`);
};

/** A transaction as `tx_search` lists it. */
const txItem = (chain: CosmosChain, hash: string) => {
  const found = chain.txs.get(hash)!;
  return {
    hash,
    height: String(found.result.height),
    index: 0,
    tx_result: {
      code: 0,
      data: '',
      log: found.result.log,
      info: '',
      gas_wanted: '0',
      gas_used: '0',
      events: [],
      codespace: '',
    },
    tx: toBase64(found.tx),
  };
};

/**
 * The CometBFT JSON-RPC subset CosmJS's `StargateClient` / `SigningStargateClient` need, at
 * `POST /`: `status`, `abci_query` (auth Account, bank Balance / AllBalances), `broadcast_tx_sync`
 * (the transaction decoded and checked by the chain, applied at once) and `tx_search` by
 * `tx.hash='…'`. Anything else is JSON-RPC -32601.
 */
export const cometRpc = (chain: CosmosChain, body: unknown) => {
  const { id = null, method, params = {} } = (body ?? {}) as RpcRequest;
  const ok = (result: unknown) => ({ jsonrpc: '2.0', id, result });
  const error = (code: number, message: string) => ({ jsonrpc: '2.0', id, error: { code, message, data: '' } });
  try {
    switch (method) {
      case 'status':
        return ok(status(chain));
      case 'abci_query':
        return ok(query(chain, String(params.path ?? ''), fromHex(String(params.data ?? ''))));
      case 'broadcast_tx_sync':
      case 'broadcast_tx_async': {
        const r = chain.broadcast(fromBase64(String(params.tx ?? '')));
        return ok({ code: r.code, data: '', log: r.log, codespace: r.codespace, hash: r.hash });
      }
      case 'tx_search': {
        const hash = /^tx\.hash\s*=\s*'([0-9A-Fa-f]{64})'$/.exec(String(params.query ?? ''))?.[1]?.toUpperCase();
        if (!hash) return error(-32602, "only tx.hash='…' queries are supported");
        const txs = chain.txs.has(hash) ? [txItem(chain, hash)] : [];
        return ok({ txs, total_count: String(txs.length) });
      }
      default:
        return error(-32601, `Method not found: ${String(method)}`);
    }
  } catch (e) {
    return error(-32603, (e as Error).message);
  }
};

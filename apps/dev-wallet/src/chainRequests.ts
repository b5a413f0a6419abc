import type { Result } from '@airlock/protocol';
import type { DevWalletConfig } from './config.ts';
import {
  COSMOS_METHODS,
  COSMOS_READ_METHODS,
  cosmosRequestSummary,
  executeCosmosRequest,
  isCosmosRequest,
} from './cosmos.ts';
import { POLKADOT_METHODS, executePolkadotRequest, isPolkadotRequest, polkadotRequestSummary } from './polkadot.ts';
import type { RequestSummary } from './requests.ts';

/**
 * The Dev Wallet's Cosmos and Polkadot requests as one table (cosmos.ts, polkadot.ts), so the
 * wallet's request flow asks each the same questions: is it one of mine, is it answered at once,
 * how is it summarised, how is it executed.
 */

/** How the wallet handles the requests of one namespace. */
export type ChainRequests = {
  /** True for a request of the namespace (by its method prefix). */
  matches(input: { method: string }): boolean;
  /** The methods the wallet executes (others are refused with 4200). */
  methods: readonly string[];
  /** Methods answered at once, without the `Request` dialog. */
  reads: readonly string[];
  /** The `Request` dialog's summary. */
  summary(input: { method: string; params: unknown }, config: DevWalletConfig): RequestSummary;
  /** Executes an approved request. Never throws. */
  execute(method: string, params: unknown): Promise<Result<unknown>>;
};

/** The cosmos and polkadot handlers. */
export const CHAIN_REQUESTS: readonly ChainRequests[] = [
  {
    matches: isCosmosRequest,
    methods: COSMOS_METHODS,
    reads: COSMOS_READ_METHODS,
    summary: (input, config) => cosmosRequestSummary(input, config.cosmos?.name),
    execute: executeCosmosRequest,
  },
  {
    matches: isPolkadotRequest,
    methods: POLKADOT_METHODS,
    reads: [],
    summary: (input, config) => polkadotRequestSummary(input, config.polkadot?.name),
    execute: executePolkadotRequest,
  },
];

/** The handler of a request's namespace, or undefined. */
export const chainRequestsOf = (input: { method: string }) => CHAIN_REQUESTS.find((c) => c.matches(input));

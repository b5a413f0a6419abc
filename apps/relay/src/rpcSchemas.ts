import { z } from 'zod/mini';

/**
 * zod schemas of the params of every relay JSON-RPC method the relay answers. Shapes follow
 * `@walletconnect/relay-api` (`RelayJsonRpc.*Params`) and, for `wc_proposeSession` /
 * `wc_approveSession`, what `@walletconnect/sign-client` 2.25 sends through
 * `relayer.publishCustom` (engine `sendProposeSession` / `sendApproveSession`).
 * Unknown extra fields (e.g. `correlationId` and the other TVF fields) are ignored.
 */

/** A topic: non-empty, at most 256 characters (WalletConnect uses 64 hex characters). */
export const topicSchema = z.string().check(z.minLength(1)).check(z.maxLength(256));

/** Time to live in seconds; fractional values are rounded up by the relay. */
export const ttlSchema = z.number().check(z.positive());

/** `irn_publish` params: `{ topic, message, ttl (s), tag?, prompt?, attestation? }`. */
export const publishParamsSchema = z.object({
  topic: topicSchema,
  message: z.string().check(z.minLength(1)),
  ttl: ttlSchema,
  tag: z.optional(z.int()),
  prompt: z.optional(z.boolean()),
  attestation: z.optional(z.string()),
});

/** `irn_batchPublish` params: `{ messages: PublishParams[] }`. */
export const batchPublishParamsSchema = z.object({ messages: z.array(publishParamsSchema).check(z.minLength(1)) });

/** `irn_subscribe` params: `{ topic }`. */
export const subscribeParamsSchema = z.object({ topic: topicSchema });

/** `irn_batchSubscribe` and `irn_batchFetchMessages` params: `{ topics }`. */
export const topicsParamsSchema = z.object({ topics: z.array(topicSchema).check(z.minLength(1)) });

/** `irn_unsubscribe` params: `{ topic, id? }` (the id is the one `irn_subscribe` returned). */
export const unsubscribeParamsSchema = z.object({ topic: topicSchema, id: z.optional(z.string()) });

/** `irn_batchUnsubscribe` params: `{ subscriptions: { topic, id }[] }`. */
export const batchUnsubscribeParamsSchema = z.object({
  subscriptions: z.array(unsubscribeParamsSchema).check(z.minLength(1)),
});

/**
 * `wc_proposeSession` params: the dapp's encrypted `wc_sessionPropose` request (`sessionProposal`,
 * base64 envelope) for `pairingTopic`, plus `ttl` (s, default 300) and `attestation`.
 */
export const proposeSessionParamsSchema = z.object({
  pairingTopic: topicSchema,
  sessionProposal: z.string().check(z.minLength(1)),
  ttl: z.optional(ttlSchema),
  attestation: z.optional(z.string()),
});

/**
 * `wc_approveSession` params: the wallet's encrypted proposal response for `pairingTopic`
 * (`sessionProposalResponse`) and its encrypted `wc_sessionSettle` request for `sessionTopic`
 * (`sessionSettlementRequest`), plus `ttl` (s, default 300).
 */
export const approveSessionParamsSchema = z.object({
  sessionTopic: topicSchema,
  pairingTopic: topicSchema,
  sessionProposalResponse: z.string().check(z.minLength(1)),
  sessionSettlementRequest: z.string().check(z.minLength(1)),
  ttl: z.optional(ttlSchema),
});

/** Params of `irn_publish`, inferred from {@link publishParamsSchema}. */
export type PublishParams = z.infer<typeof publishParamsSchema>;

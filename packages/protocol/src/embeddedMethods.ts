import { z } from 'zod/mini';
import { AccountTypeSchema } from './connections.ts';
import {
  ConnectEmailResultSchema,
  EmbeddedLayoutSchema,
  EmbeddedNetworkSchema,
  EmbeddedRpcRequestSchema,
  EmbeddedSessionUpdateSchema,
  EmbeddedUserSchema,
  EmailSchema,
  FarcasterUriSchema,
  OtpSchema,
  SyncDappDataSchema,
  SyncThemeSchema,
  UpdateEmailResultSchema,
} from './embedded.ts';
import { Null, socialParentMethods, socialSecureFrameMethods } from './embeddedSocialMethods.ts';
import { smartAccountSecureFrameMethods } from './embeddedSmartAccountMethods.ts';
import type { MethodFn, MethodSpec } from './methodSpec.ts';
import { CaipNetworkIdSchema } from './schemas.ts';

/**
 * The method tables of the channel between the widget frame (B) and the secure frame (C),
 * in the style of `methods.ts`: positional parameters with zod schemas, result schemas,
 * errors and time limits. The schemas they use are in `embedded.ts`.
 */

/** Methods the secure frame (C) exposes to the widget frame (B). C validates every parameter. */
export const secureFrameMethods = {
  connectEmail: {
    summary:
      'CONNECT_EMAIL: starts an email login; the API mails a code or a device-approval link. Answers the next step (spec §4).',
    params: z.tuple([z.strictObject({ email: EmailSchema })]),
    paramNames: ['request'],
    result: ConnectEmailResultSchema,
    errors: {
      429: "'Please try again after N seconds' (spec §5 cool-down)",
      [-32602]: 'invalid email',
      [-32603]: 'the API failed (its message)',
    },
    timeout: '120000',
  },
  connectDevice: {
    summary:
      'CONNECT_DEVICE: waits until the visitor approves this device through the mailed link, then finishes the login.',
    params: z.tuple([]),
    paramNames: [],
    result: EmbeddedUserSchema,
    errors: { 4001: 'the visitor denied the device', [-32603]: 'the API failed' },
    timeout: '120000',
  },
  connectOtp: {
    summary: 'CONNECT_OTP: submits the mailed code; on success the user is signed in and their keys are ready.',
    params: z.tuple([z.strictObject({ otp: OtpSchema })]),
    paramNames: ['request'],
    result: EmbeddedUserSchema,
    errors: {
      [-32602]: "'Invalid code' or 'Code expired' or too many attempts (message says which)",
      [-32603]: 'the API failed',
    },
    timeout: '120000',
  },
  getUser: {
    summary:
      'GET_USER: the signed-in user on a network (restores the keys from the device share after a reload); with `preferredAccountType`, that type where the network offers smart accounts.',
    params: z.tuple([
      // Strict: a caller's `rpcUrl`, `siwxMessage` or `socialUri` is refused, not dropped (docs/spec-decisions.md 7.45).
      z.strictObject({ caipNetworkId: CaipNetworkIdSchema, preferredAccountType: z.optional(AccountTypeSchema) }),
    ]),
    paramNames: ['request'],
    result: EmbeddedUserSchema,
    errors: { 4100: 'not signed in', [-32603]: 'the keys could not be restored' },
    timeout: '10000',
  },
  isConnected: {
    summary: 'IS_CONNECTED: whether a session exists (no network call when there is no stored session).',
    params: z.tuple([]),
    paramNames: [],
    result: z.strictObject({ isConnected: z.boolean() }),
    errors: {},
    timeout: '10000',
  },
  getChainId: {
    summary: 'GET_CHAIN_ID: the active network of the embedded wallet.',
    params: z.tuple([]),
    paramNames: [],
    result: z.strictObject({ caipNetworkId: CaipNetworkIdSchema }),
    errors: { 4100: 'not signed in' },
    timeout: '10000',
  },
  switchNetwork: {
    summary: 'SWITCH_NETWORK: makes a network active for signing and sending.',
    params: z.tuple([EmbeddedNetworkSchema]),
    paramNames: ['network'],
    result: z.strictObject({ caipNetworkId: CaipNetworkIdSchema }),
    errors: { 4100: 'not signed in', 4902: 'a namespace the embedded wallet does not support' },
    timeout: '10000',
  },
  rpcRequest: {
    summary:
      'RPC_REQUEST: safe methods (reads, eth_accounts, eth_chainId) are answered at once; unsafe ones (spec §6) show the approval rendered by the secure frame, and resolve with the signature or hash.',
    params: z.tuple([EmbeddedRpcRequestSchema]),
    paramNames: ['request'],
    result: z.unknown(),
    errors: {
      4001: 'the visitor rejected',
      4100: 'not signed in',
      4200: "a method the embedded wallet does not support ('Requested RPC call is not allowed')",
      [-32603]: "'Embedded Wallet Request Timed Out' or the chain's error",
    },
    timeout: '10000 for safe methods; 300000 for unsafe ones',
  },
  rpcAbort: {
    summary:
      'RPC_ABORT: rejects the pending request with this id (4001, "Request was aborted") and hides its approval.',
    params: z.tuple([z.strictObject({ id: z.string().check(z.minLength(8)).check(z.maxLength(64)) })]),
    paramNames: ['request'],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  updateEmail: {
    summary: 'UPDATE_EMAIL: starts changing the email; codes go to the current and the new address.',
    params: z.tuple([z.strictObject({ email: EmailSchema })]),
    paramNames: ['request'],
    result: UpdateEmailResultSchema,
    errors: { 4100: 'not signed in', 429: 'cool-down', [-32602]: 'invalid email' },
    timeout: '120000',
  },
  updateEmailPrimaryOtp: {
    summary: 'UPDATE_EMAIL primary OTP: the code sent to the current address.',
    params: z.tuple([z.strictObject({ otp: OtpSchema })]),
    paramNames: ['request'],
    result: UpdateEmailResultSchema,
    errors: { [-32602]: 'wrong or expired code' },
    timeout: '120000',
  },
  updateEmailSecondaryOtp: {
    summary: 'UPDATE_EMAIL secondary OTP: the code sent to the new address; the new email is stored.',
    params: z.tuple([z.strictObject({ otp: OtpSchema })]),
    paramNames: ['request'],
    result: z.strictObject({ email: EmailSchema }),
    errors: { [-32602]: 'wrong or expired code' },
    timeout: '120000',
  },
  signOut: {
    summary: 'SIGN_OUT: ends the session on the API and forgets the keys in memory (the device share stays).',
    params: z.tuple([]),
    paramNames: [],
    result: Null,
    errors: {},
    timeout: '3000',
  },
  syncTheme: {
    summary: 'SYNC_THEME: light or dark and theme variables for the approval screens.',
    params: z.tuple([SyncThemeSchema]),
    paramNames: ['theme'],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  syncDappData: {
    summary:
      'SYNC_DAPP_DATA: project, verified dapp origin and metadata. The secure frame refuses (and stays unusable) when the origin is not allowed for the project.',
    params: z.tuple([SyncDappDataSchema]),
    paramNames: ['data'],
    result: Null,
    errors: { 4900: 'the dapp origin is not allowed for the project (Invalid App Configuration)' },
    timeout: '10000',
  },
  // Sign In With Farcaster (spec §7 GET_FARCASTER_URI, CONNECT_FARCASTER; docs/embedded-wallet.md "Farcaster").
  getFarcasterUri: {
    summary:
      "GET_FARCASTER_URI: opens a Farcaster relay channel bound to this secure frame's device key and answers its URL (shown as a QR code and link).",
    params: z.tuple([]),
    paramNames: [],
    result: FarcasterUriSchema,
    errors: { 4900: 'the dapp is not verified', [-32603]: 'the API or the relay failed' },
    timeout: '120000',
  },
  connectFarcaster: {
    summary:
      "CONNECT_FARCASTER: waits (120 s) until the person approves in their Farcaster app and the API verified the signed message; the fid's wallet is signed in.",
    params: z.tuple([]),
    paramNames: [],
    result: EmbeddedUserSchema,
    errors: {
      [-32602]: 'no channel: call getFarcasterUri first',
      [-32603]: 'the sign-in expired, did not verify, or the API or the relay failed',
    },
    timeout: '120000',
  },
  cancelFarcaster: {
    summary:
      'Ends the running Farcaster sign-in (the person left ConnectingFarcaster): the wait answers -32603 Cancelled and a later approval signs nobody in.',
    params: z.tuple([]),
    paramNames: [],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  // Smart accounts (spec §7 'smart account calls'; docs/embedded-wallet.md "Smart accounts").
  ...smartAccountSecureFrameMethods,
  reload: {
    summary: 'RELOAD: reloads the secure frame (after a failure); the widget frame waits for `ready` again.',
    params: z.tuple([]),
    paramNames: [],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  ...socialSecureFrameMethods,
} satisfies Record<string, MethodSpec>;

/** Methods the widget frame (B) exposes to the secure frame (C). B validates every parameter. */
export const embeddedParentMethods = {
  ready: {
    summary: 'READY: the secure frame loaded (its version); the widget frame waits 500 ms, then counts it initialized.',
    params: z.tuple([z.strictObject({ version: z.string().check(z.minLength(1)).check(z.maxLength(64)) })]),
    paramNames: ['info'],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  sessionUpdate: {
    summary: 'SESSION_UPDATE: the user signed in, changed (email, network) or signed out / expired (null).',
    params: z.tuple([EmbeddedSessionUpdateSchema]),
    paramNames: ['update'],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  setLayout: {
    summary: 'Shows the secure frame inside the modal (ApproveTransaction) at the height it needs, or hides it again.',
    params: z.tuple([EmbeddedLayoutSchema]),
    paramNames: ['layout'],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  ...socialParentMethods,
} satisfies Record<string, MethodSpec>;

type Fn<M extends MethodSpec> = MethodFn<M>;

/** What the secure frame implements (the widget frame calls these through penpal). */
export type SecureFrameMethods = { [K in keyof typeof secureFrameMethods]: Fn<(typeof secureFrameMethods)[K]> };

/** What the widget frame implements for the secure frame. */
export type EmbeddedParentMethods = {
  [K in keyof typeof embeddedParentMethods]: Fn<(typeof embeddedParentMethods)[K]>;
};

import { z } from 'zod/mini';
import { AccountTypeSchema } from './connections.ts';
import { EmbeddedUserSchema } from './embedded.ts';
import type { MethodSpec } from './methodSpec.ts';
import { CaipNetworkIdSchema } from './schemas.ts';

/**
 * The smart-account calls of the secure frame (spec §7 'smart account calls'; docs/embedded-wallet.md
 * "Smart accounts"), part of `secureFrameMethods` (embeddedMethods.ts).
 */
export const smartAccountSecureFrameMethods = {
  getSmartAccountEnabledNetworks: {
    summary:
      "Smart account call 'get enabled networks': the eip155 networks where the secure frame's deployment enables smart accounts (never the page's choice).",
    params: z.tuple([]),
    paramNames: [],
    result: z.strictObject({ smartAccountEnabledNetworks: z.array(CaipNetworkIdSchema).check(z.maxLength(256)) }),
    errors: {},
    timeout: '10000',
  },
  initSmartAccount: {
    summary:
      "Smart account call 'init': the visitor's account on a network (the smart account's counterfactual address before it exists, or the EOA), its type and whether it is deployed.",
    params: z.tuple([z.strictObject({ caipNetworkId: CaipNetworkIdSchema })]),
    paramNames: ['request'],
    result: z.strictObject({
      address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
      type: AccountTypeSchema,
      isDeployed: z.boolean(),
    }),
    errors: { 4100: 'not signed in', [-32603]: 'the smart account could not be loaded (the network did not answer)' },
    timeout: '10000',
  },
  setPreferredAccountType: {
    summary:
      "Smart account call 'set preferred account type' (spec §5): eoa or smartAccount on an eip155 network, smartAccount only where enabled; answers the user with its new account.",
    params: z.tuple([z.strictObject({ caipNetworkId: CaipNetworkIdSchema, type: AccountTypeSchema })]),
    paramNames: ['request'],
    result: EmbeddedUserSchema,
    errors: { 4100: 'not signed in', [-32602]: "'Smart accounts are not enabled on this network'" },
    timeout: '10000',
  },
} satisfies Record<string, MethodSpec>;

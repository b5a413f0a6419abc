import { z } from 'zod/mini';
import { coinTypeOfChainId } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';
import { showRoute } from './modal.ts';
import { canRegisterName } from './namesGate.ts';
import { connectionOf } from '../store/connection.ts';

/** Spec §8 name messages, and the spec §5 rule. */
export const NameMessage = {
  Rule: 'Account name: letters, digits, hyphens only, at least 4 characters',
  SuggestionsFailed: 'Error fetching name suggestions',
  NetworkNotFound: 'Network not found',
  NoAuthConnector: 'Address or auth connector not found',
  /** 'Error registering name {name}'. */
  registerFailed: (name: string) => `Error registering name ${name}`,
} as const;

/** The name zone names are registered in (spec §1 suffix `.reown.id`; `.wcn.id` is the legacy one). */
export const NAME_ZONE = 'reown.id';

/** Spec §5 account-name rule: letters, digits, hyphens only, at least 4 characters (one DNS label: at most 63). */
export const NAME_LABEL = /^[a-zA-Z0-9-]{4,63}$/;

/** How long the view waits after the last keystroke before asking for suggestions, ms. */
export const SUGGESTION_DEBOUNCE_MS = 300;

/** The label of a typed name: the part before the first dot, lowercased. */
export const nameLabel = (typed: string): string => typed.trim().toLowerCase().split('.')[0] ?? '';

/** The spec §5 rule's message when `typed` breaks it, else null (empty input: null). */
export function checkName(typed: string): string | null {
  const label = nameLabel(typed);
  if (!label) return null;
  return NAME_LABEL.test(label) ? null : NameMessage.Rule;
}

/** The registration gate (spec §6), defined with the other wallet features. */
export { canRegisterName };

/** A suggestion (spec §3 'Name suggestion'): the full name and whether it is taken. */
export type NameSuggestion = { name: string; registered: boolean };

const SuggestionsSchema = z.object({
  suggestions: z
    .array(z.object({ name: z.string().check(z.maxLength(300)), registered: z.boolean() }))
    .check(z.maxLength(100)),
});
const RegisteredSchema = z.object({ success: z.boolean(), name: z.optional(z.string().check(z.maxLength(300))) });

/**
 * Suggestions for `typed` (`GET /v1/profile/suggestions/{label}?zone=`, spec §7):
 * the name itself and variants, each with its availability.
 * @throws Error 'Error fetching name suggestions' (spec §8) when the call fails
 */
export async function fetchNameSuggestions(frame: Frame, typed: string): Promise<NameSuggestion[]> {
  if (!frame.api) throw new Error(NameMessage.SuggestionsFailed);
  try {
    const body = await frame.api.call({
      path: `/v1/profile/suggestions/${encodeURIComponent(nameLabel(typed))}`,
      query: { zone: NAME_ZONE },
      schema: SuggestionsSchema,
    });
    return body.suggestions;
  } catch {
    throw new Error(NameMessage.SuggestionsFailed);
  }
}

/** The spec §7 register message: JSON with `name`, empty `attributes` and `timestamp` in seconds. */
export function registerMessage(name: string, nowMs: number = Date.now()): string {
  return JSON.stringify({ name, attributes: {}, timestamp: Math.floor(nowMs / 1000) });
}

/** `text` as UTF-8 bytes in `0x` hex (the `personal_sign` message form). */
export const utf8Hex = (text: string): `0x${string}` =>
  `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/**
 * Registers `name` (a full name, e.g. `alice.reown.id`) for the connected address:
 * the wallet signs the spec §7 message (`personal_sign` through the active connector),
 * then `POST /v1/profile/account` with the coin type of the active chain. Success shows
 * RegisterAccountNameSuccess and the name wherever the address shows (the identity
 * cache is updated). Failure returns to RegisterAccountName with 'Error registering
 * name {name}' and the reason (spec §4, §8). Never throws.
 */
export async function registerAccountName(frame: Frame, name: string): Promise<void> {
  const back = (reason: string) =>
    showRoute(frame, {
      view: 'RegisterAccountName',
      name: nameLabel(name),
      error: `${NameMessage.registerFailed(name)}: ${reason}`,
    });
  const state = frame.store.getState();
  const { address, caipNetworkId } = connectionOf(state);
  const connector = frame.connectors.active();
  if (!canRegisterName(state) || !address || !connector) return back(NameMessage.NoAuthConnector);
  if (!frame.api) return back(NameMessage.NetworkNotFound);
  if (checkName(name)) return back(NameMessage.Rule);
  let coinType: number;
  try {
    // Before the wallet is asked: a chain id without a coin type (2^31 or more) is refused here, not after signing.
    coinType = coinTypeOfChainId(Number(caipNetworkId.split(':')[1]));
  } catch (error) {
    return back((error as Error).message);
  }
  const message = registerMessage(name);
  const signed = await connector.request(
    { method: 'personal_sign', params: [utf8Hex(message), address] },
    caipNetworkId as `eip155:${string}`,
  );
  if (!signed.ok) return back(signed.error.message);
  try {
    await frame.api.call({
      path: '/v1/profile/account',
      method: 'POST',
      body: {
        coin_type: coinType,
        address,
        message,
        signature: signed.value,
      },
      schema: RegisteredSchema,
    });
  } catch (error) {
    return back(error instanceof Error ? error.message : String(error));
  }
  const key = address.toLowerCase();
  frame.caches.identity.set(key, { name, avatar: null });
  frame.store.setState((s) => ({ names: { ...s.names, [key]: name } }));
  showRoute(frame, { view: 'RegisterAccountNameSuccess', name });
}

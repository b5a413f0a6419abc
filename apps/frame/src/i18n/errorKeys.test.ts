import { readFileSync } from 'node:fs';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import de from './locales/de.json';
import es from './locales/es.json';
import { OnrampMessage } from '../actions/onramp.ts';
import { SendMessage, checkSend } from '../actions/sendTokens.ts';
import { SwapMessage } from '../actions/swap.ts';
import { Bip122SendMessage } from '../namespaces/bip122/messages.ts';
import { SiwxError } from '../siwx/errors.ts';
import { SHIPPED_LOCALES } from './locale.ts';
import {
  ConnectError,
  KeyedError,
  ViewError,
  caughtError,
  errorTable,
  errorText,
  shownText,
  type ErrorText,
} from './errorKeys.ts';

/** Every table of the modal's own errors; a new table belongs here too. */
const TABLES: Record<string, Record<string, ErrorText>> = {
  ConnectError,
  ViewError,
  SendMessage,
  Bip122SendMessage,
  SwapMessage,
  OnrampMessage,
  SiwxError,
};

/** The catalog of `locale` as shipped. */
const catalog = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`./locales/${locale}.json`, import.meta.url), 'utf8'));

/** A translator in `locale` over `translation` (the frame's settings: keys are whole strings). */
async function translator(locale: string, translation: Record<string, string>) {
  const i18n = createInstance();
  await i18n.init({
    lng: locale,
    resources: { [locale]: { translation } },
    keySeparator: false,
    nsSeparator: false,
    fallbackLng: false,
  });
  return i18n.t;
}

describe('errors shown in the modal carry a message key, not their English sentence', () => {
  it('translates the connect errors by key, and falls back to the English text where a catalog lacks it', async () => {
    const t = await translator('de', de);
    expect(ConnectError.rejected.key).toBe('error.ConnectionRejected');
    expect(errorText(t, ConnectError.rejected)).toBe(de['error.ConnectionRejected']);
    expect(errorText(t, ConnectError.failed)).toBe(de['error.FailedToConnect']);
    expect(de['error.ConnectionRejected']).not.toBe(ConnectError.rejected.text);
    const bare = await translator('de', {});
    expect(errorText(bare, ConnectError.failed)).toBe('Failed to connect');
  });

  it('every key of every error table is an error.* key, used once, and translated in every shipped catalog', () => {
    const all = Object.values(TABLES).flatMap((table) => Object.values(table));
    const keys = all.map((e) => e.key);
    expect(keys.every((key) => /^error\.[A-Z][A-Za-z0-9]+$/.test(key))).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
    const en = catalog('en');
    for (const error of all) expect(en[error.key], error.key).toBe(error.text);
    for (const locale of SHIPPED_LOCALES) {
      const words = catalog(locale);
      const missing = keys.filter((key) => typeof words[key] !== 'string' || words[key]!.trim() === '');
      expect(missing, locale).toEqual([]);
    }
  });

  it('errorTable keys each entry error.<prefix><Name> and keeps its English text', () => {
    const table = errorTable('Thing', { Broke: 'It broke' });
    expect(table.Broke).toEqual({ key: 'error.ThingBroke', text: 'It broke' });
  });

  it('a send problem shows its Spanish text (by key), a wallet message its own words', async () => {
    const t = await translator('es', es);
    const [problem] = checkSend({ token: null, sendTokenAmount: '', receiverAddress: '' }, 'eip155:31337');
    expect(problem?.message).toBe(SendMessage.AmountAndReceiverRequired);
    expect(errorText(t, problem!.message)).toBe(es['error.SendAmountAndReceiverRequired']);
    expect(errorText(t, problem!.message)).not.toBe(SendMessage.AmountAndReceiverRequired.text);
    expect(shownText(t, SendMessage.InsufficientBalance)).toBe(es['error.SendInsufficientBalance']);
    expect(shownText(t, 'Some wallet said no')).toBe('Some wallet said no');
  });

  it('a thrown error of the modal keeps its identity as a key, not as its message', async () => {
    const t = await translator('es', es);
    const thrown = new KeyedError(Bip122SendMessage.WalletChanged);
    expect(thrown.message).toBe('The wallet changed the transaction');
    expect(caughtError(thrown, 'fallback')).toBe(Bip122SendMessage.WalletChanged);
    expect(shownText(t, caughtError(thrown, 'fallback'))).toBe(es['error.Bip122SendWalletChanged']);
    expect(caughtError(new Error('RPC down'), 'fallback')).toBe('RPC down');
    expect(caughtError('not an error', 'fallback')).toBe('fallback');
  });
});

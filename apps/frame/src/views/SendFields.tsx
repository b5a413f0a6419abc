import type { ReactNode } from 'react';
import type { TokenBalance } from '@airlock/protocol';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../i18n/react.ts';
import { formatBalance } from '../ui/format.ts';

/**
 * The fields the Send views share (EVM SendView and SolanaSendView): the token picker and the
 * receiver input. The values live in the store's `send` slice; the views own the checks.
 */

/** The option value of a token: its CAIP-10 address, or `native` for the network's currency. */
export const tokenKey = (token: { address?: string | undefined }) => token.address ?? 'native';

/**
 * Token: one option per balance on the active network, shown as `SYMBOL (balance)` (floored to
 * 3 decimals); `onPick` gets the chosen balance, or null for 'Select a token'.
 */
export function TokenField(props: {
  choices: TokenBalance[];
  token: TokenBalance | null;
  invalid?: boolean;
  onPick: (token: TokenBalance | null) => void;
}) {
  const { choices, token } = props;
  const { t: translate } = useTranslation();
  const locale = useLocale();
  return (
    <label className="airlock-field">
      <span>{translate('Token')}</span>
      <select
        value={token ? tokenKey(token) : ''}
        aria-invalid={props.invalid}
        onChange={(e) => props.onPick(choices.find((t) => tokenKey(t) === e.target.value) ?? null)}
      >
        <option value="">{translate('Select a token')}</option>
        {choices.map((t) => (
          <option key={tokenKey(t)} value={tokenKey(t)}>
            {`${t.symbol} (${formatBalance(t.quantity.numeric, locale)})`}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Receiver address: a plain text input (no autocomplete or spell check) with the namespace's placeholder. */
export function ReceiverField(props: {
  value: string;
  placeholder: string;
  invalid?: boolean;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Shown under the input (the receiver's name). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <label className="airlock-field">
      <span>{t('Receiver address')}</span>
      <input
        autoComplete="off"
        spellCheck={false}
        aria-invalid={props.invalid}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
        placeholder={props.placeholder}
        dir="ltr"
      />
      {props.children}
    </label>
  );
}

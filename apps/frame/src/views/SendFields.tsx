import type { ReactNode } from 'react';
import type { TokenBalance } from '@airlock/protocol';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../i18n/react.ts';
import { formatBalance } from '../ui/format.ts';
import { PickerField, type PickerItem } from '../ui/Picker.tsx';
import { TokenIcon } from '../ui/TokenIcon.tsx';

/**
 * The fields the Send views share (EVM SendView and SolanaSendView): the token picker and the
 * receiver input. The values live in the store's `send` slice; the views own the checks.
 */

/** The option value of a token: its CAIP-10 address, or `native` for the network's currency. */
export const tokenKey = (token: { address?: string | undefined }) => token.address ?? 'native';

/**
 * Token: a searchable picker ({@link PickerField}) of the balances on the active network, each
 * with its logo (the API's `iconUrl`, else its first letter), symbol, name and balance (floored to
 * 3 decimals); `onPick` gets the chosen balance, or null while none is chosen ('Select a token').
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
  const items: PickerItem[] = choices.map((t) => ({
    id: tokenKey(t),
    title: t.symbol,
    subtitle: t.name,
    end: formatBalance(t.quantity.numeric, locale),
    icon: <TokenIcon src={t.iconUrl} symbol={t.symbol} size={28} />,
  }));
  return (
    <PickerField
      label={translate('Token')}
      value={token ? tokenKey(token) : ''}
      items={items}
      invalid={props.invalid}
      placeholder={translate('Select a token')}
      searchLabel={translate('Search tokens')}
      emptyText={translate('No token matches')}
      onPick={(id) => props.onPick(choices.find((t) => tokenKey(t) === id) ?? null)}
    />
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

import { useTranslation } from 'react-i18next';
import { useFrameState } from '../../core/react.ts';
import { useLocale } from '../../i18n/react.ts';
import { formatBalance, shortenAddress } from '../../ui/format.ts';
import { connectionOf } from '../../store/connection.ts';

/**
 * The bip122 part of the Account view (spec §1 bip122, §6 `payment` / `ordinals`): the ordinals
 * address of the connection (its second account; the header shows the payment one) and the BTC
 * balance split into confirmed and unconfirmed (the mempool's change), as the provider API
 * answers them in the native entry of the token list. Nothing while they are unknown.
 */
export default function Bip122AccountDetails() {
  const { t } = useTranslation();
  const locale = useLocale();
  const ordinals = useFrameState((s) => {
    const active = s.connections.list.find(
      (c) => c.connectorId === connectionOf(s).wallet?.connectorId && c.chainNamespace === 'bip122',
    );
    return active?.accounts[1]?.address ?? null;
  });
  const native = useFrameState((s) => s.portfolio.tokens.find((token) => !token.address && token.confirmed));
  if (!ordinals && !native) return null;
  return (
    <dl className="airlock-muted airlock-bip122-details" data-testid="bip122-details">
      {ordinals ? (
        <>
          <dt>{t('Ordinals address')}</dt>
          <dd className="airlock-address" data-testid="bip122-ordinals" title={ordinals} dir="ltr">
            {shortenAddress(ordinals)}
          </dd>
        </>
      ) : null}
      {native ? (
        <>
          <dt>{t('Confirmed')}</dt>
          <dd data-testid="bip122-confirmed">{`${formatBalance(native.confirmed ?? '0', locale)} ${native.symbol}`}</dd>
          <dt>{t('Unconfirmed')}</dt>
          <dd data-testid="bip122-unconfirmed">{`${formatBalance(native.unconfirmed ?? '0', locale)} ${native.symbol}`}</dd>
        </>
      ) : null}
    </dl>
  );
}

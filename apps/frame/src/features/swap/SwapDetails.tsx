import { formatUnits } from 'viem';
import { useTranslation } from 'react-i18next';
import { formatTokenAmount, minimumReceived, swapState, SWAP_SLIPPAGE_PERCENT } from '../../actions/swap.ts';
import { useFrameState } from '../../core/react.ts';
import type { SwapToken } from '../../store/state.ts';
import { trimDecimals } from '../../ui/money.ts';
import { shownText } from '../../i18n/errorKeys.ts';

/**
 * The quote's terms under the Swap panels (spec §2): the minimum received (the quote less the
 * {@link SWAP_SLIPPAGE_PERCENT} % slippage the swap is built with), the price impact, the
 * liquidity fee in the token sold, the gas price (or why there is none) and the slippage; '—'
 * while there is no quote.
 */
export function SwapDetails({ from, to }: { from: SwapToken | undefined; to: SwapToken | undefined }) {
  const { t } = useTranslation();
  const swap = useFrameState(swapState);
  const quote = swap.quoteStatus === 'ready' ? swap.quote : null;
  return (
    <dl className="airlock-review airlock-swap-details">
      <div>
        <dt>{t('Minimum received')}</dt>
        <dd data-testid="swap-min-received">
          {quote ? `${trimDecimals(formatTokenAmount(minimumReceived(quote), to))} ${to?.symbol ?? ''}` : '\u2014'}
        </dd>
      </div>
      <div>
        <dt>{t('Price impact')}</dt>
        <dd data-testid="swap-price-impact">{quote ? `${quote.priceImpact.toFixed(2)}%` : '\u2014'}</dd>
      </div>
      <div>
        <dt>{t('Fee')}</dt>
        <dd data-testid="swap-fee">
          {quote
            ? `${trimDecimals(formatTokenAmount(quote.fee.amount, from), 6)} ${from?.symbol ?? ''} (${quote.fee.percent}%)`
            : '\u2014'}
        </dd>
      </div>
      <div>
        <dt>{t('Gas price')}</dt>
        <dd data-testid="swap-gas">
          {swap.gasPrice ? (
            `${trimDecimals(formatUnits(BigInt(swap.gasPrice), 9), 3)} gwei`
          ) : (
            <span className="airlock-error-text">{swap.gasError ? shownText(t, swap.gasError) : '\u2014'}</span>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('Slippage')}</dt>
        <dd>{`${SWAP_SLIPPAGE_PERCENT}%`}</dd>
      </div>
    </dl>
  );
}

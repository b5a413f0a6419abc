import { useTranslation } from 'react-i18next';
import { useFrameState } from '../core/react.ts';

/**
 * The branding footer (spec §1 remote feature `reownBranding`): a small 'Secured by Airlock' line
 * under every view. On unless the project's remote configuration sets `reownBranding: false` (the
 * operator's switch; a dapp's local features cannot turn it off) or basic mode is on.
 */
export function Branding() {
  const { t } = useTranslation();
  const on = useFrameState((s) => s.features.features.reownBranding !== false);
  return on ? (
    <p className="airlock-branding" data-testid="branding">
      {t('Secured by Airlock')}
    </p>
  ) : null;
}

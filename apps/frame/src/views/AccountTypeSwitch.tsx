import { useTranslation } from 'react-i18next';
import { canSwitchTo, setPreferredAccountType } from '../actions/accountType.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { connectionOf } from '../store/connection.ts';

/**
 * The embedded wallet's account type on the active eip155 network (Account view, spec §5): "Smart account"
 * (with "not deployed yet" before its first transaction) or "EOA", and the switch the §5 rule allows:
 * to the smart account only where the deployment enables smart accounts and the EOA is in use; back to
 * the EOA always. Shown for the auth connector only (a chunk of its own).
 */
export function AccountTypeSwitch() {
  const { t } = useTranslation();
  const frame = useFrame();
  const type = useFrameState((s) => connectionOf(s).accountType ?? 'eoa');
  const deployed = useFrameState((s) => s.embedded.user?.smartAccountDeployed === true);
  const target = type === 'eoa' ? 'smartAccount' : 'eoa';
  const offered = useFrameState((s) => canSwitchTo(s, target));
  return (
    <span className="airlock-muted" data-testid="account-type">
      {type === 'smartAccount' ? t('Smart account') : t('EOA')}
      {type === 'smartAccount' && !deployed ? ` (${t('not deployed yet')})` : ''}
      {offered ? (
        <button
          type="button"
          className="airlock-link-button"
          data-testid="account-type-switch"
          onClick={() => void setPreferredAccountType(frame, target)}
        >
          {target === 'smartAccount' ? t('Use smart account') : t('Use EOA')}
        </button>
      ) : null}
    </span>
  );
}

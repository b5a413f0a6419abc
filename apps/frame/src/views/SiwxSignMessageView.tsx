import { errorText } from '../i18n/errorKeys.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { cancelSignIn, signIn } from '../siwx/flow.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { StorageNotice } from '../ui/StorageNotice.tsx';
import { WalletIcon } from '../ui/WalletIcon.tsx';
import { useTranslation } from 'react-i18next';
import { connectionOf } from '../store/connection.ts';

/**
 * SIWXSignMessage (spec §2, §4): asks the visitor to sign in to the site. The site shown
 * is the parent origin the frame verified at boot, which is also the message's `domain`
 * and `uri`, so the visitor sees exactly whom the signature is for. 'Sign' asks the
 * wallet (spinner 'Signing…' meanwhile); a failure shows 'Error signing message' with the
 * buttons kept; 'Cancel' follows spec §4. When the browser denies the frame its storage, the
 * storage notice says the session ends with the page. A lazy chunk.
 */
export function SiwxSignMessageView() {
  const { t } = useTranslation();
  const frame = useFrame();
  const siwx = useFrameState((s) => s.siwx);
  const wallet = useFrameState((s) => connectionOf(s).wallet);
  const name = frame.config.metadata?.name;
  const signing = siwx.status === 'signing';
  return (
    <div className="airlock-center">
      {wallet ? <WalletIcon src={wallet.icon} size={56} /> : null}
      <p className="airlock-status">
        {name ? t('{{app}} wants you to sign in', { app: name }) : t('Sign in with your wallet')}
      </p>
      <p className="airlock-detail">
        {t('Signing in to')}{' '}
        <strong data-testid="siwx-origin" translate="no" dir="ltr">
          {frame.parentOrigin}
        </strong>
        {t('. Signing is free and sends no transaction.')}
      </p>
      {siwx.error ? (
        <p role="alert" className="airlock-status airlock-error-text" data-testid="siwx-error">
          {errorText(t, siwx.error)}
        </p>
      ) : null}
      {signing ? (
        <p className="airlock-status">
          <Spinner /> {t('Signing…')}
        </p>
      ) : null}
      <StorageNotice />
      <div className="airlock-actions">
        <button type="button" className="airlock-button" disabled={signing} onClick={() => void signIn(frame)}>
          {t('Sign')}
        </button>
        <button type="button" className="airlock-button" onClick={() => void cancelSignIn(frame)}>
          {t('Cancel')}
        </button>
      </div>
    </div>
  );
}

export default SiwxSignMessageView;

import { ErrorCode } from '@airlock/protocol';
import { ConnectError, errorText } from '../i18n/errorKeys.ts';
import type { ConnectEntry } from '../connectors/types.ts';
import { connectInjected } from '../actions/connect.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { WalletIcon } from '../ui/WalletIcon.tsx';
import { useTranslation } from 'react-i18next';
import { connectionOf } from '../store/connection.ts';

/**
 * ConnectingExternal (spec §2): the wallet's icon and 'Continue in <wallet>'
 * while its prompt is open; 'Connection rejected' after a 4001, or
 * 'Failed to connect' with the wallet's message, both with 'Try again'.
 */
export function ConnectingExternalView({ wallet }: { wallet: ConnectEntry }) {
  const { t } = useTranslation();
  const frame = useFrame();
  const error = useFrameState((s) => connectionOf(s).error);
  const rejected = error?.code === ErrorCode.UserRejected;
  return (
    <div className="airlock-center">
      <WalletIcon src={wallet.icon} size={72} />
      {error ? (
        <>
          <p className="airlock-status airlock-error-text">
            {errorText(t, rejected ? ConnectError.rejected : ConnectError.failed)}
          </p>
          {!rejected && error.message ? <p className="airlock-detail">{error.message}</p> : null}
          <button type="button" className="airlock-button" onClick={() => void connectInjected(frame, wallet)}>
            {t('Try again')}
          </button>
        </>
      ) : (
        <p className="airlock-status">
          <Spinner /> {t('Continue in {{wallet}}', { wallet: wallet.name })}
        </p>
      )}
    </div>
  );
}

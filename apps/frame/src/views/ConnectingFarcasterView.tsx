import { useEffect, useState } from 'react';
import { cancelFarcasterLogin, FAILED_TO_CONNECT_FARCASTER, runFarcasterLogin } from '../actions/farcasterLogin.ts';
import { showToast } from '../actions/toast.ts';
import { useFrame } from '../core/react.ts';
import { isMobileUserAgent } from '../listing/platform.ts';
import { copyText } from '../ui/copyText.ts';
import { QrCode } from '../ui/QrCode.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { useTranslation } from 'react-i18next';
import { shownText, type ShownError } from '../i18n/errorKeys.ts';

type Phase = { step: 'loading' } | { step: 'waiting'; url: string } | { step: 'failed'; detail: ShownError };

/**
 * ConnectingFarcaster (spec §2): Sign In With Farcaster. Opens a channel when shown (a new
 * one on 'Try again'), shows its URL as a QR code with 'Copy link' and 'Open Farcaster' (the
 * deep link, first on phones), waits while the person approves in their Farcaster app, and
 * on failure or after 120 s shows 'Failed to connect to farcaster' (spec §8) with 'Try again'.
 * On success the modal closes (the account is connected). Leaving the view ends the login.
 * The URL is also in a visually hidden `data-testid="farcaster-url"` element.
 */
export default function ConnectingFarcasterView() {
  const [attempt, setAttempt] = useState(0);
  // Each attempt is a fresh component: a new channel, a fresh state.
  return <FarcasterAttempt key={attempt} onRetry={() => setAttempt((n) => n + 1)} />;
}

/** One Farcaster login attempt: opens its channel when mounted, ends it when unmounted. */
function FarcasterAttempt({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const frame = useFrame();
  const [phase, setPhase] = useState<Phase>({ step: 'loading' });

  useEffect(() => {
    let live = true;
    void runFarcasterLogin(frame, (url) => live && setPhase({ step: 'waiting', url })).then((outcome) => {
      if (live && !outcome.ok) setPhase({ step: 'failed', detail: outcome.detail });
    });
    return () => {
      live = false;
      cancelFarcasterLogin(frame);
    };
  }, [frame]);

  if (phase.step === 'failed') {
    return (
      <div className="airlock-center">
        <p className="airlock-status airlock-error-text" role="alert">
          {t(FAILED_TO_CONNECT_FARCASTER)}
        </p>
        <p className="airlock-detail">{shownText(t, phase.detail)}</p>
        <button type="button" className="airlock-button" onClick={onRetry}>
          {t('Try again')}
        </button>
      </div>
    );
  }
  if (phase.step === 'loading') {
    return (
      <div className="airlock-center">
        <p className="airlock-status" role="status">
          <Spinner /> {t('Loading QR code')}
        </p>
      </div>
    );
  }
  const { url } = phase;
  const mobile = isMobileUserAgent(navigator.userAgent);
  const copy = async () => {
    const done = await copyText(url);
    showToast(frame, done ? 'Link copied' : 'Failed to copy link', done ? 'success' : 'error');
  };
  const open = (
    <a className="airlock-button" href={url} target="_blank" rel="noopener noreferrer">
      {t('Open Farcaster')}
    </a>
  );
  return (
    <div className="airlock-center" data-testid="farcaster-waiting">
      {mobile ? null : <QrCode value={url} label={t('Farcaster QR code')} logo={null} />}
      <p className="airlock-status">
        {mobile ? t('Open Farcaster to sign in') : t('Scan this QR code with your phone to sign in with Farcaster')}
      </p>
      <p className="airlock-status" role="status">
        <Spinner /> {t('Waiting for approval in Farcaster')}
      </p>
      <span className="airlock-offscreen" data-testid="farcaster-url">
        {url}
      </span>
      <div className="airlock-link-row">
        {mobile ? open : null}
        <button type="button" className="airlock-button airlock-secondary" onClick={() => void copy()}>
          {t('Copy link')}
        </button>
        {mobile ? null : open}
      </div>
    </div>
  );
}

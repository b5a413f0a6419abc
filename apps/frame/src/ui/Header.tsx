import { ChevronLeft, X } from 'lucide-react';
import { closeModal, goBack } from '../actions/modal.ts';
import { useFrame } from '../core/react.ts';
import { useTranslation } from 'react-i18next';

/** Props of {@link Header}. */
export type HeaderProps = {
  /** The view title (also the dialog's accessible name). */
  title: string;
  /** id for aria-labelledby. */
  titleId: string;
  /** Shows the Back button (the stack has more than one view). */
  canGoBack: boolean;
  /** A new title fades in (spec §2, 120 ms): only for views reached while the modal is open. */
  animate?: boolean;
  /**
   * Shows the Close button (default true). False on the root view of the embedded widget (FrameConfig
   * `inline`, spec §2): closing there resets the stack to the view already shown, so it would do nothing.
   */
  canClose?: boolean;
};

/** The modal header: Back (when possible), the view title (120 ms fade, spec §2), Close (when it does something). */
export function Header({ title, titleId, canGoBack, animate = false, canClose = true }: HeaderProps) {
  const { t } = useTranslation();
  const frame = useFrame();
  return (
    <header className="airlock-header">
      {canGoBack ? (
        <button type="button" className="airlock-icon-button" aria-label={t('Back')} onClick={() => goBack(frame)}>
          <ChevronLeft size={20} aria-hidden="true" className="airlock-flip-rtl" />
        </button>
      ) : (
        <span className="airlock-icon-spacer" />
      )}
      <h1 id={titleId} key={title} className={animate ? 'airlock-title airlock-title-enter' : 'airlock-title'}>
        {title}
      </h1>
      {canClose ? (
        <button type="button" className="airlock-icon-button" aria-label={t('Close')} onClick={() => closeModal(frame)}>
          <X size={18} aria-hidden="true" />
        </button>
      ) : (
        <span className="airlock-icon-spacer" />
      )}
    </header>
  );
}

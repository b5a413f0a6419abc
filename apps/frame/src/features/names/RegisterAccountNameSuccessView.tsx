import { resetRoute } from '../../actions/modal.ts';
import { useFrame } from '../../core/react.ts';
import { useTranslation } from 'react-i18next';

/** RegisterAccountNameSuccess (spec §2): the name now registered, and the way back to Account. */
export function RegisterAccountNameSuccessView({ name }: { name: string }) {
  const { t } = useTranslation();
  const frame = useFrame();
  return (
    <div className="airlock-center">
      <p className="airlock-status" data-testid="name-registered">
        {t('{{name}} is yours', { name })}
      </p>
      <p className="airlock-muted">{t('It shows with your address in this and other apps using the widget.')}</p>
      <button type="button" className="airlock-button" onClick={() => resetRoute(frame, { view: 'Account' })}>
        {t('Back to account')}
      </button>
    </div>
  );
}

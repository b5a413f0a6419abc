import { resetRoute } from '../../actions/modal.ts';
import { useFrame } from '../../core/react.ts';

/** RegisterAccountNameSuccess (spec §2): the name now registered, and the way back to Account. */
export function RegisterAccountNameSuccessView({ name }: { name: string }) {
  const frame = useFrame();
  return (
    <div className="airlock-center">
      <p className="airlock-status" data-testid="name-registered">
        {`${name} is yours`}
      </p>
      <p className="airlock-muted">It shows with your address in this and other apps using the widget.</p>
      <button type="button" className="airlock-button" onClick={() => resetRoute(frame, { view: 'Account' })}>
        Back to account
      </button>
    </div>
  );
}

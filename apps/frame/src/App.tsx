import { topRoute } from './core/routes.ts';
import { useFrame, useFrameState } from './core/react.ts';
import { ApiAlert } from './ui/ApiAlert.tsx';
import { Header } from './ui/Header.tsx';
import { Modal } from './ui/Modal.tsx';
import { Toast } from './ui/Toast.tsx';
import { CurrentView } from './views/CurrentView.tsx';
import { viewTitle } from './views/viewTitle.ts';
import { useTranslation } from 'react-i18next';

const TITLE_ID = 'airlock-view-title';

/**
 * The frame's root: the modal (only while open) with the view on top of the stack, the
 * provider-API alert and the toast. The theme is applied to the root by ui/themeRuntime.ts.
 */
export function App() {
  const { t } = useTranslation();
  const frame = useFrame();
  const open = useFrameState((s) => s.modal.open);
  const stack = useFrameState((s) => s.modal.stack);
  const route = topRoute(stack);
  const viewKey = `${stack.length}:${route.view}`;
  if (!open) return null;
  return (
    <Modal titleId={TITLE_ID} viewKey={viewKey}>
      <Header title={viewTitle(frame.config, route, t)} titleId={TITLE_ID} canGoBack={stack.length > 1} />
      <div key={viewKey} className="airlock-view">
        <CurrentView route={route} />
      </div>
      <ApiAlert />
      <Toast />
    </Modal>
  );
}

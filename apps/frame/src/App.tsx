import { useEffect } from 'react';
import { useModalStore } from './stores/modal.ts';
import { useOptionsStore } from './stores/options.ts';
import { useRouterStore } from './stores/router.ts';
import { ApiAlert } from './ui/ApiAlert.tsx';
import { BootAlert } from './ui/BootAlert.tsx';
import { Header } from './ui/Header.tsx';
import { Modal } from './ui/Modal.tsx';
import { Toast } from './ui/Toast.tsx';
import { CurrentView } from './views/CurrentView.tsx';
import { viewTitle } from './views/viewTitle.ts';

const TITLE_ID = 'airlock-view-title';

/**
 * The frame's root: the boot alert when the frame cannot start, otherwise
 * the modal (only while open) with the view on top of the stack, and the toast.
 * Applies the light/dark theme (FrameConfig.themeMode) to the document.
 */
export function App() {
  const problem = useOptionsStore((s) => s.problem);
  const themeMode = useOptionsStore((s) => s.config?.themeMode);
  const open = useModalStore((s) => s.open);
  const stack = useRouterStore((s) => s.stack);

  useEffect(() => {
    if (themeMode) document.documentElement.dataset.theme = themeMode;
    else delete document.documentElement.dataset.theme;
  }, [themeMode]);

  if (problem) return <BootAlert problem={problem} />;
  const route = stack[stack.length - 1] ?? { view: 'Connect' as const };
  const viewKey = `${stack.length}:${route.view}`;
  return (
    <>
      {open ? (
        <Modal titleId={TITLE_ID} viewKey={viewKey}>
          <Header title={viewTitle(route)} titleId={TITLE_ID} canGoBack={stack.length > 1} />
          <div key={viewKey} className="airlock-view">
            <CurrentView route={route} />
          </div>
          <ApiAlert />
          <Toast />
        </Modal>
      ) : null}
    </>
  );
}

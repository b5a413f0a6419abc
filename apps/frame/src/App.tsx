import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { showsAsModal } from './views/showsAsModal.ts';
import { defaultRoute, sameRoute } from './actions/modal.ts';
import { afterPaint } from './core/afterPaint.ts';
import { topRoute } from './store/routes.ts';
import { useFrame, useFrameState, useModalOpen } from './core/react.ts';
import { ApiAlert } from './ui/ApiAlert.tsx';
import { Branding } from './ui/Branding.tsx';
import { Header } from './ui/Header.tsx';
import { Modal } from './ui/Modal.tsx';
import { Toast } from './ui/Toast.tsx';
import { CurrentView } from './views/CurrentView.tsx';
import { viewTitle } from './views/viewTitle.ts';
import { useTranslation } from 'react-i18next';
import { connectionOf } from './store/connection.ts';

const TITLE_ID = 'airlock-view-title';

// Rendered again only when their props change: opening the modal on the view it kept
// rendered while closed then renders none of them (only the Modal's class changes).
const StableView = memo(CurrentView, (a, b) => sameRoute(a.route, b.route));
const StableHeader = memo(Header);
const StableAlert = memo(ApiAlert);
const StableToast = memo(Toast);

/**
 * The frame's root: the modal with the provider-API alert (under the header, above the view:
 * the first thing read), the view on top of the stack, and the toast. While closed the modal stays drawn but inert, on the view `open()` would show
 * ({@link defaultRoute}), and the host keeps the iframe transparent: opening only reveals it
 * (the host at once, docs/architecture.md 'Opening'), with no new render of the view. Views
 * reached while open enter with the spec §2 animations; the view shown at open does not.
 * Once the closed modal is painted, the host is told (`setLayout`), so it may reveal it. The
 * theme is applied to the root by ui/themeRuntime.ts. In embedded mode (FrameConfig `inline`) the
 * modal is drawn without backdrop in the page's element and the host gets its height instead
 * (`setLayout(true, { height, modal })`); an approval view shows as the usual modal overlay. Its
 * root view has no Close (closing resets to it).
 */
export function App() {
  const { t } = useTranslation();
  const frame = useFrame();
  const open = useModalOpen();
  const inline = frame.config.inline === true;
  const stack = useFrameState((s) => s.modal.stack);
  const connected = useFrameState((s) => connectionOf(s).status === 'connected');
  const closedRoute = useMemo(() => defaultRoute(frame, connected), [frame, connected]);
  const route = open ? topRoute(stack) : closedRoute;
  const depth = open ? stack.length : 1;
  const viewKey = `${depth}:${route.view}`;
  // Sticky from the first view change while open until the modal closes.
  const entering = useRef(false);
  const lastKey = useRef(viewKey);
  if (!open) entering.current = false;
  else if (viewKey !== lastKey.current) entering.current = true;
  lastKey.current = viewKey;
  const animate = entering.current;

  // The closed modal is drawn: the host may now reveal it at once on open().
  useEffect(
    () => (inline ? undefined : afterPaint(() => void frame.host.setLayout(frame.store.getState().modal.open))),
    [frame, inline],
  );
  // Embedded mode: the host sizes the iframe in the page's element to the widget, or shows it as
  // the modal overlay while an approval shows (app/inline.ts).
  const [height, setHeight] = useState<number>();
  const asModal = inline && open && showsAsModal(route);
  useEffect(() => {
    if (inline && open && height !== undefined) void frame.host.setLayout(true, { height, modal: asModal });
  }, [frame, inline, open, height, asModal]);

  return (
    <Modal titleId={TITLE_ID} viewKey={viewKey} open={open} inline={inline && !asModal} onHeight={setHeight}>
      <StableHeader
        title={viewTitle(frame.config, route, t)}
        titleId={TITLE_ID}
        canGoBack={depth > 1}
        animate={animate}
        // Embedded mode: Close on the root view would reset the stack to that same view (spec §2);
        // deeper views keep it (back to the root), an approval overlay keeps its own controls.
        canClose={!(inline && !asModal && depth <= 1)}
      />
      <StableAlert />
      <div key={viewKey} className={animate ? 'airlock-view airlock-view-enter' : 'airlock-view'}>
        <StableView route={route} />
      </div>
      <Branding />
      <StableToast />
    </Modal>
  );
}

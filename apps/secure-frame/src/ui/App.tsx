import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { openApprovalPopup } from '../approval/popup.ts';
import type { SecureFrame } from '../frame.ts';
import { ApprovalScreen } from './ApprovalScreen.tsx';
import { applySyncedTheme } from './theme.ts';
import { SocialButtons } from '../social/SocialButtons.tsx';
import { watchSlotTab } from '../social/focus.ts';
import { PasskeyButtons, PasskeyManager, useHeight } from '../passkey/PasskeyButtons.tsx';

/** The socials slot's content (social buttons, passkey buttons or the passkey manager), measured for the widget frame. */
function LoginSlot({ frame }: { frame: SecureFrame }) {
  const { socials, passkey } = useSyncExternalStore(frame.ui.subscribe, frame.ui.getState);
  const ref = useHeight(frame.socials.resize);
  // Tab past the slot's ends goes back to the widget's modal (social/focus.ts).
  useEffect(() => watchSlotTab((direction) => frame.socials.leave(direction)), [frame]);
  return (
    <div ref={ref} data-slot="socials">
      {passkey === 'manage' ? (
        <PasskeyManager passkeys={frame.passkeys} />
      ) : (
        <>
          {socials.length ? (
            <SocialButtons providers={socials} onPick={(provider) => frame.social.start(provider)} />
          ) : null}
          {passkey === 'login' ? <PasskeyButtons passkeys={frame.passkeys} /> : null}
        </>
      )}
    </div>
  );
}

/** Applies the synced theme (spec §3 theme sync) to the root (see ./theme.ts). */
function useTheme(frame: SecureFrame) {
  const ui = useSyncExternalStore(frame.ui.subscribe, frame.ui.getState);
  // Before paint: a theme change never shows a frame in the old colours.
  useLayoutEffect(() => applySyncedTheme(document.documentElement, ui), [ui]);
}

/**
 * The secure frame's UI inside the widget: the first pending approval ("Request 1 of 2"
 * when more wait: they show one after the other, oldest first, each once the one before
 * settled), or nothing (the frame is hidden).
 */
export function App({ frame }: { frame: SecureFrame }) {
  useTheme(frame);
  const { pending } = useSyncExternalStore(frame.approvals.store.subscribe, frame.approvals.store.getState);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const observer = new ResizeObserver(() => frame.setMeasuredHeight(element.scrollHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [frame]);
  const { socials, passkey } = useSyncExternalStore(frame.ui.subscribe, frame.ui.getState);
  const first = pending[0];
  return (
    <div ref={root} className="root">
      {first ? (
        <ApprovalScreen
          key={first.id}
          approval={first}
          onDecide={(approved) => frame.approvals.decide(first.id, approved)}
          onPopup={(onClosed) => openApprovalPopup(frame.approvals, first.id, onClosed)}
          position={{ index: 1, total: pending.length }}
        />
      ) : socials.length || passkey ? (
        <LoginSlot frame={frame} />
      ) : null}
    </div>
  );
}

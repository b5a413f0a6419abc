import { useRef } from 'react';
import { useFrame, useFrameState, useWhileOpen } from '../core/react.ts';
import { placeOver } from './ApproveTransactionView.tsx';
import { SlotSentinel } from './SlotSentinel.tsx';
import './embedded.css';

/**
 * The embedded wallet's passkeys in Account (docs/embedded-wallet.md "Passkeys"): the list,
 * Add and Remove are drawn by the secure frame (origin C), placed over this slot like the
 * social buttons on Connect (the same `socials` slot of C's layout): a passkey is made on C's
 * origin, from a click inside C, with C's device key. Focus sentinels put C's buttons in the
 * modal's tab order (SlotSentinel).
 */
export function PasskeySlot() {
  const frame = useFrame();
  const status = useFrameState((s) => s.embedded.status);
  const height = useFrameState((s) => s.embedded.socialsLayout?.height ?? null);
  const slot = useRef<HTMLDivElement>(null);
  const failed = status === 'failed';

  useWhileOpen(() => {
    const connector = frame.connectors.embedded;
    if (!connector || failed) return;
    void connector.showSocials([], 'manage');
    return () => {
      void connector.showSocials([]);
    };
  }, [frame, status === 'initialized', failed]);

  useWhileOpen(() => {
    const iframe = frame.connectors.embedded?.element();
    if (height === null || !iframe || !slot.current) return;
    return placeOver(iframe, slot.current, { focus: false });
  }, [frame, height]);

  if (failed) return null;
  return (
    <>
      <SlotSentinel edge="first" />
      <div
        ref={slot}
        className="airlock-socials-slot"
        data-testid="passkeys-slot"
        style={{ height: height ?? 160 }}
        aria-hidden="true"
      />
      <SlotSentinel edge="last" />
    </>
  );
}

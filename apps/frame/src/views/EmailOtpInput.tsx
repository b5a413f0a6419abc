import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Number of digits of a mailed code (spec §5 'OTP is a string'; 6 digits). */
export const OTP_LENGTH = 6;

/** Props of {@link EmailOtpInput}. */
export type EmailOtpInputProps = {
  /** Called once with the code when all 6 boxes hold a digit (typed or pasted). */
  onComplete(code: string): void;
  /** Disables the boxes while a submission runs. */
  disabled?: boolean | undefined;
  /** Changes when the boxes must be cleared (a failed try): focus returns to the first box. */
  resetKey?: string | number | undefined;
  /** Accessible name of the group. */
  label?: string | undefined;
};

/**
 * The 6-digit code entry: one box per digit, keyboard only works (digits advance,
 * Backspace clears and moves back, arrow keys move), a paste anywhere fills all boxes
 * from the pasted digits, and the code submits itself when the sixth digit arrives.
 */
export function EmailOtpInput({ onComplete, disabled, resetKey, label = 'Verification code' }: EmailOtpInputProps) {
  const { t } = useTranslation();
  const [digits, setDigits] = useState<string[]>(() => Array(OTP_LENGTH).fill(''));
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, i))]?.focus();

  // A new try (resetKey changed): empty boxes, focus on the first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on resetKey changes only, by design
  useEffect(() => {
    setDigits(Array(OTP_LENGTH).fill(''));
    boxes.current[0]?.focus();
  }, [resetKey]);

  const update = (next: string[], focusAt: number) => {
    setDigits(next);
    if (next.every((d) => d !== '')) onComplete(next.join(''));
    else focus(focusAt);
  };

  const typeAt = (i: number, value: string) => {
    const typed = value.replace(/\D/g, '');
    if (!typed) return;
    if (typed.length > 1) return fillFrom(i, typed);
    const next = [...digits];
    next[i] = typed;
    update(next, i + 1);
  };

  const fillFrom = (start: number, text: string) => {
    const incoming = text.replace(/\D/g, '');
    if (!incoming) return;
    // A full code replaces everything; a partial one fills from the box it lands on.
    const from = incoming.length >= OTP_LENGTH ? 0 : start;
    const next = [...digits];
    for (let k = 0; k < incoming.length && from + k < OTP_LENGTH; k++) next[from + k] = incoming[k]!;
    update(next, Math.min(OTP_LENGTH - 1, from + incoming.length));
  };

  const onKeyDown = (i: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const next = [...digits];
      if (next[i]) next[i] = '';
      else if (i > 0) {
        next[i - 1] = '';
        focus(i - 1);
      }
      setDigits(next);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(i - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(i + 1);
    }
  };

  const onPaste = (i: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fillFrom(i, event.clipboardData.getData('text'));
  };

  return (
    <fieldset className="airlock-otp" aria-label={t(label)} disabled={disabled}>
      {digits.map((digit, i) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, never reordered
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          className="airlock-otp-box"
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          maxLength={OTP_LENGTH}
          aria-label={t('Digit {{position}} of {{length}}', { position: i + 1, length: OTP_LENGTH })}
          value={digit}
          onChange={(e) => typeAt(i, e.target.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={(e) => onPaste(i, e)}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </fieldset>
  );
}

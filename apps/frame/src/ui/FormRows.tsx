/**
 * The rows the amount forms share (Onramp, Swap): the amount input with a hint
 * at the end of its label row (card limits, balance), and an error line. Labels and texts come in
 * translated: the views keep their `t('…')` calls, where the i18n check finds them.
 */

/**
 * The decimal amount input under its label, with a muted hint (`hintTestId`) at the end of the
 * label row; `invalid` sets `aria-invalid` (the reason shows in an {@link ErrorRow}).
 */
export function AmountField({
  label,
  hint,
  hintTestId,
  value,
  invalid,
  placeholder,
  disabled,
  onChange,
}: {
  label: string;
  /** Card limits, balance…; empty for none (the row keeps its place). */
  hint: string;
  hintTestId: string;
  value: string;
  invalid: boolean;
  placeholder?: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <label className="airlock-field">
      <span className="airlock-field-head">
        <span>{label}</span>
        <span className="airlock-muted" data-testid={hintTestId}>
          {hint}
        </span>
      </span>
      <input
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        disabled={disabled}
        aria-invalid={invalid}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** An error line announced to screen readers (`role="alert"`); nothing when `message` is empty or null. */
export function ErrorRow({ message, testId }: { message: string | null | undefined; testId: string }) {
  if (!message) return null;
  return (
    <p className="airlock-error-text" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}

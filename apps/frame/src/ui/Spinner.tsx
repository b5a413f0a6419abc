/** A pending indicator (decorative; the text next to it says what is pending). */
export function Spinner() {
  return <span className="airlock-spinner" aria-hidden="true" />;
}

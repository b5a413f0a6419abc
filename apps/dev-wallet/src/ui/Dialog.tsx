import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal panel (`role="dialog"`, `aria-modal`), named by its title, shown over the page as a
 * bottom sheet on phones and a centred card on wider screens. Focus moves into it when it opens.
 */
export function Dialog({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [title]);
  return (
    <div className="backdrop">
      <section ref={ref} className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId}>{title}</h2>
        <div className="dialog-body">{children}</div>
        <div className="dialog-actions">{actions}</div>
      </section>
    </div>
  );
}

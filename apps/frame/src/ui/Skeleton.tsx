import { useTranslation } from 'react-i18next';

/**
 * Placeholders of the final size (spec §2: lazy parts must not move what is already on
 * screen). They are decorative; the container that holds them says `aria-busy`.
 */

/** A grey bar of `width` (CSS length) and one line of text's height. */
export function SkeletonLine({ width = '60%' }: { width?: string }) {
  return <span className="airlock-skeleton airlock-skeleton-line" style={{ width }} aria-hidden="true" />;
}

/** A list row of the Account tabs (icon, two lines, value) at the size of a real row. */
export function SkeletonRow() {
  return (
    <li className="airlock-row" aria-hidden="true">
      <span className="airlock-row-icon airlock-skeleton" />
      <span className="airlock-row-main">
        <SkeletonLine width="40%" />
        <SkeletonLine width="65%" />
      </span>
      <span className="airlock-row-end">
        <SkeletonLine width="48px" />
      </span>
    </li>
  );
}

/** Rows of {@link SkeletonRow} filling a tab panel, with a hidden 'Loading' for screen readers. */
export function SkeletonList({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="airlock-visually-hidden">{t('Loading…')}</span>
      <ul className="airlock-list" aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <SkeletonRow key={i} />
        ))}
      </ul>
    </>
  );
}

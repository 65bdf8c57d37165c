// Placeholders shaped like what they stand for, so nothing jumps when the content arrives: rows for
// text lists and search hits, cards for image lists. 4 rows by default.
import { useT } from '../i18n.tsx';

export interface SkeletonProps {
  rows?: number;
  variant?: 'row' | 'card';
  /** Rows with a picture beside the text (search hits). */
  withImage?: boolean;
}

export const SKELETON_ROWS = 4;

export default function Skeleton({ rows = SKELETON_ROWS, variant = 'row', withImage = false }: SkeletonProps) {
  const t = useT();
  return (
    <div className={`skeleton skeleton--${variant}`} role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{t('state.loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton__item" aria-hidden="true">
          {withImage && <div className="skeleton__image" />}
          <div className="skeleton__lines">
            <div className="skeleton__line skeleton__line--title" />
            <div className="skeleton__line" />
            <div className="skeleton__line skeleton__line--short" />
          </div>
        </div>
      ))}
    </div>
  );
}

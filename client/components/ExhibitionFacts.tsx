// The facts every exhibition shows first (a visitor plans by date range and place): its status,
// the dotted date range (or "long-term" when it has no end) and the place. One component, so the
// list rows, the detail header and the home cards say it the same way.
import type { ExhibitionPhase } from '../../shared/exhibits.ts';
import { useT } from '../i18n.tsx';

interface ExhibitionFactsProps {
  dates: string;
  openEnded: boolean;
  place: string;
  phase: ExhibitionPhase;
  /** Larger type for the detail header. */
  size?: 'normal' | 'large';
}

export default function ExhibitionFacts({ dates, openEnded, place, phase, size = 'normal' }: ExhibitionFactsProps) {
  const t = useT();
  return (
    <div className={`exh-facts exh-facts--${size}`}>
      <p className={`exh-facts__phase exh-facts__phase--${phase}`}>{t(`exh.phase.${phase}` as const)}</p>
      <dl className="exh-facts__list">
        {dates && (
          <div className="exh-facts__item exh-facts__item--dates">
            <dt>{t('exh.dates')}</dt>
            <dd>
              <span className="exh-facts__dates">{dates}</span>
              {openEnded && <span className="exh-facts__note">{t('exh.longTerm')}</span>}
            </dd>
          </div>
        )}
        {place && (
          <div className="exh-facts__item exh-facts__item--place">
            <dt>{t('exh.place')}</dt>
            <dd>{place}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}

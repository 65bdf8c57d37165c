// The reading-mode switch (关怀模式 / Large text): a plain link to the same page with `care=1` added or
// removed, so every page of either mode is cached by its address and the server renders the mode (no
// flash). In the mode, the reading guide is an island (client/islands): a band that follows the pointer.
import { useLocation } from 'react-router';
import { withCare } from '../../shared/site.ts';
import Island from '../islands/Island.tsx';
import { useFrame } from '../frame.ts';
import { useT } from '../i18n.tsx';

/** One per page: in the strip above the header, or above the search page's. */
function ReadingModeSwitch() {
  const t = useT();
  const { care = false } = useFrame();
  const { pathname, search } = useLocation();
  const href = withCare(`${pathname}${search}`, !care);

  return (
    <span className={`care-switch${care ? ' care-switch--on' : ''}`}>
      <a className="care-switch__link" href={href} rel="nofollow" title={t('care.label')}>
        <svg className="care-switch__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M4 19L9.5 5h1L16 19M6.2 14h7.6M17 19l2.5-7h.5l2.5 7M17.8 17h4" />
        </svg>
        <span className="care-switch__text">{care ? t('care.off') : t('care.on')}</span>
      </a>
      {care && <Island name="readingGuide" props={{}} />}
    </span>
  );
}

/** The slim strip above the site header (and above the search page's own header) holding the switch. */
export function CareStrip() {
  const t = useT();
  // A labelled region, so it is a landmark like the header below it (nothing outside landmarks).
  return (
    <section className="care-strip" aria-label={t('care.strip')}>
      <div className="care-strip__inner">
        <ReadingModeSwitch />
      </div>
    </section>
  );
}

// The reading-mode switch (关怀模式 / Large text): a plain link to the same page with `care=1` added
// or removed, so it works without JavaScript and every page of either mode can be cached by its URL.
// With JavaScript the choice is also kept in localStorage: a returning visitor who arrives at an
// address without the parameter gets the mode back (one replace navigation after hydration).
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withCare } from '../../shared/site.ts';
import { useFrame } from '../frame.ts';
import { useT } from '../i18n.tsx';
import SiteLink from './SiteLink.tsx';

// Only in the mode, only after hydration: its own chunk, outside every page's hydration budget.
const ReadingGuide = lazy(() => import('./ReadingGuide.tsx'));

export const CARE_STORAGE_KEY = 'portal.care';

function remember(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(CARE_STORAGE_KEY, '1');
    else window.localStorage.removeItem(CARE_STORAGE_KEY);
  } catch {
    // Storage may be off (private mode, embedded views): the address still carries the mode.
  }
}

function remembered(): boolean {
  try {
    return window.localStorage.getItem(CARE_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** One per page (it restores a remembered choice): in the strip above the header, or above the search page's. */
export default function ReadingModeSwitch() {
  const t = useT();
  const { care = false } = useFrame();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const href = withCare(`${pathname}${search}`, !care);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    // Once, when the page first hydrates: an address without the mode, a visitor who chose it before.
    if (!care && remembered())
      void navigate(`${withCare(`${pathname}${search}`, true)}${hash}`, { replace: true, preventScrollReset: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the first page of a visit is checked
  }, []);

  return (
    <span className={`care-switch${care ? ' care-switch--on' : ''}`}>
      <SiteLink className="care-switch__link" to={href} rel="nofollow" title={t('care.label')} onClick={() => remember(!care)}>
        <svg className="care-switch__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M4 19L9.5 5h1L16 19M6.2 14h7.6M17 19l2.5-7h.5l2.5 7M17.8 17h4" />
        </svg>
        <span className="care-switch__text">{care ? t('care.off') : t('care.on')}</span>
      </SiteLink>
      {care && hydrated && (
        <Suspense fallback={null}>
          <ReadingGuide />
        </Suspense>
      )}
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

// Every client navigation shows that it is under way: a thin bar along the top of the window once
// the router has waited ~150 ms for the next page's data (a quick answer shows nothing, so fast
// navigations do not flicker), and `aria-busy` on <main> meanwhile. The bar is indeterminate (the
// edge answers in one round trip, with no progress to report); under prefers-reduced-motion it stands
// still. Form submissions bring their own feedback, so only page loads count here.
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useT } from '../i18n.tsx';

/** How long a navigation may take before the bar appears. */
export const PROGRESS_DELAY_MS = 150;

/** Whether a page navigation has been pending longer than PROGRESS_DELAY_MS. */
export function useNavigationPending(): boolean {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!loading) {
      setLate(false);
      return;
    }
    const timer = window.setTimeout(() => setLate(true), PROGRESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [loading]);
  return loading && late;
}

export default function NavigationProgress({ pending }: { pending: boolean }) {
  const t = useT();
  if (!pending) return null;
  return (
    <div className="nav-progress" role="progressbar" aria-label={t('state.loading')} aria-valuetext={t('state.loading')}>
      <span className="nav-progress__bar" />
    </div>
  );
}

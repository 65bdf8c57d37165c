// "加入日历 / Add to calendar": a plain link to the page's .ics file (works without JavaScript), for an
// activity or a temporary exhibition a visitor can still go to.
import { useLocation } from 'react-router';
import { calendarPathFor } from '../../shared/discovery-paths.ts';
import { useT } from '../i18n.tsx';

export default function CalendarLink() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <a className="button calendar-link" href={calendarPathFor(pathname)} type="text/calendar" title={t('calendar.hint')}>
      <svg className="calendar-link__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <rect x="3.5" y="5" width="17" height="15" rx="1.5" />
        <path d="M3.5 10h17M8 3v4M16 3v4" />
      </svg>
      {t('calendar.add')}
    </a>
  );
}

// The friendly page for an unreachable content service (502/503): what happened in words, a retry
// link and the way home. Never a stack or a code.
import { useLocation } from 'react-router';
import { homePath } from '../../shared/route-table.ts';
import { useFrame, useSiteHref } from '../frame.ts';
import { useT } from '../i18n.tsx';

export default function ServiceError() {
  const t = useT();
  const { lang } = useFrame();
  const siteHref = useSiteHref();
  const { pathname, search } = useLocation();
  return (
    <section className="status-page" aria-labelledby="status-title">
      <h1 id="status-title" className="status-page__title">
        {t('error.title')}
      </h1>
      <p className="status-page__lead">{t('error.sentence')}</p>
      <p className="status-page__actions">
        <a className="button button--primary" href={`${pathname}${search}`}>
          {t('error.retry')}
        </a>
        <a className="button" href={siteHref(homePath(lang))}>
          {t('notFound.homeLink')}
        </a>
      </p>
    </section>
  );
}

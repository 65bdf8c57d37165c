// The not-found screen: the exact sentence (shared/i18n.ts), the four causes, and a
// link home. Rendered inside the site frame with status 404, for unmatched paths and unknown ids.
import { homePath } from '../../shared/route-table.ts';
import { useFrame, useSiteHref } from '../frame.ts';
import { useT } from '../i18n.tsx';

export default function NotFound() {
  const t = useT();
  const { lang } = useFrame();
  const href = useSiteHref();
  const [before, after] = t('notFound.goHome').split('{home}') as [string, string?];
  return (
    <section className="status-page" aria-labelledby="status-title">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="status-title" className="status-page__title">
        {t('notFound.sentence')}
      </h1>
      <p className="status-page__lead">{t('notFound.causes')}</p>
      <ol className="status-page__causes">
        <li>{t('notFound.network')}</li>
        <li>{t('notFound.missing')}</li>
        <li>{t('notFound.address')}</li>
        <li>
          {before}
          <a className="status-page__home" href={href(homePath(lang))}>
            {t('notFound.homeLink')}
          </a>
          {after}
        </li>
      </ol>
    </section>
  );
}

// The language switch: the same page on the other site where one exists (lists, sections, home),
// else the other site's home (records have different ids on the two sites).
import { useLocation } from 'react-router';
import { homePath, toChinesePath, toEnglishPath, twinRoute } from '../../shared/route-table.ts';
import { HTML_LANG } from '../../shared/site.ts';
import { useFrame, useSiteHref } from '../frame.ts';
import { useRouteDef } from '../page-data.ts';
import { useT } from '../i18n.tsx';

export default function HeaderLanguage() {
  const t = useT();
  const { lang } = useFrame();
  const def = useRouteDef();
  const siteHref = useSiteHref();
  const { pathname } = useLocation();
  const other = lang === 'zh' ? 'en' : 'zh';
  const samePage = def && def.screen !== 'notFound' && !def.path.includes(':id') && twinRoute(def);
  const target = !samePage ? homePath(other) : other === 'en' ? toEnglishPath(pathname) : toChinesePath(pathname);
  return (
    <a className="site-header__lang" href={siteHref(target)} hrefLang={HTML_LANG[other]}>
      <span aria-hidden="true" lang={HTML_LANG[other]}>
        {t('frame.language')}
      </span>
      <span className="visually-hidden">{t('frame.languageLabel')}</span>
    </a>
  );
}

// The search page: its own simple header (logo home, keyword box, button), the count tip, the hits and
// the pager. The keyword lives in `key`; the loader searches on the server, so a search is a page like
// any other: a plain GET form that starts at page 1 (the new page opens at its top), and a pre-filled
// address shows its results. The wait for results is the page load itself: there is no in-page state
// to show a skeleton in.
import { useLocation } from 'react-router';
import { PAGE_PARAM } from '../../shared/pager.ts';
import { homePath } from '../../shared/route-table.ts';
import type { SearchHitView } from '../../shared/article-views.ts';
import EmptyState from '../components/EmptyState.tsx';
import HeaderLogo from '../components/HeaderLogo.tsx';
import Highlight from '../components/Highlight.tsx';
import Pager from '../components/Pager.tsx';
import RecordLink from '../components/RecordLink.tsx';
import SafeImage from '../components/SafeImage.tsx';
import { useLang, useSiteHref } from '../frame.ts';
import { useScreenData } from '../page-data.ts';
import { useT } from '../i18n.tsx';
import { MAIN_ID } from '../../shared/dom-ids.ts';

const SEARCH_PARAM = 'key';

/**
 * One hit. Desktop opens a hit in a new tab, a phone in the same one: a hit with a page on this site
 * carries both links, and the stylesheet shows the one for the width (`.hit__link--wide` / `--narrow`).
 * A hit whose page lives elsewhere tells the service of the visit as the browser follows it (`ping`:
 * the article-by-id query runs, which counts it).
 */
function Hit({ hit, keyword }: { hit: SearchHitView; keyword: string }) {
  const body = <HitBody hit={hit} keyword={keyword} />;
  if (!hit.external && hit.href !== null) {
    return (
      <li className="hit">
        <RecordLink className="hit__link hit__link--wide" href={hit.href} external={false} newTab>
          {body}
        </RecordLink>
        <RecordLink className="hit__link hit__link--narrow" href={hit.href} external={false}>
          {body}
        </RecordLink>
      </li>
    );
  }
  return (
    <li className="hit">
      <RecordLink className="hit__link" href={hit.href} external={hit.external} ping={hit.ping ?? undefined}>
        {body}
      </RecordLink>
    </li>
  );
}

function HitBody({ hit, keyword }: { hit: SearchHitView; keyword: string }) {
  return (
    <>
      <div className="hit__text">
        <h2 className="hit__title">
          {hit.channelName && <span className="hit__channel">{`[${hit.channelName}]`}</span>}
          <Highlight text={hit.title} keyword={keyword} />
        </h2>
        {hit.abstract && (
          <p className="hit__abstract">
            <Highlight text={hit.abstract} keyword={keyword} />
          </p>
        )}
        {hit.date && (
          <time className="hit__date" dateTime={hit.date}>
            {hit.date}
          </time>
        )}
      </div>
      {hit.images.length > 0 && (
        <div className="hit__picture ratio ratio--4x3">
          <SafeImage sources={hit.images} alt="" width={200} height={150} fallback={null} />
        </div>
      )}
    </>
  );
}

export default function Search() {
  const data = useScreenData('search');
  const t = useT();
  const lang = useLang();
  const siteHref = useSiteHref();
  const { pathname, search } = useLocation();
  // The form keeps the address's other parameters (the visitor's modes) and starts again at page 1.
  const keep = [...new URLSearchParams(search)].filter(([name]) => name !== SEARCH_PARAM && name !== PAGE_PARAM);
  const homeHref = siteHref(homePath(lang));

  return (
    <div className="search-page">
      <header className="search-header">
        <div className="search-header__inner">
          <a className="search-header__logo" href={homeHref}>
            <HeaderLogo lang={lang} label={t('frame.logo', { site: t('site.title') })} />
          </a>
          <form className="search-form" role="search" method="get" action={pathname}>
            {keep.map(([name, value]) => (
              <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
            ))}
            <input type="hidden" name={PAGE_PARAM} value="1" />
            <label className="search-form__field">
              <span className="visually-hidden">{t('search.label')}</span>
              <input
                className="search-form__input"
                type="search"
                name={SEARCH_PARAM}
                defaultValue={data.key}
                placeholder={t('search.placeholder')}
                // An empty keyword (or spaces alone) searches nothing: the browser keeps the form.
                required
                pattern=".*\S.*"
                autoComplete="off"
                enterKeyHint="search"
              />
            </label>
            <button className="search-form__button" type="submit">
              {t('search.button')}
            </button>
          </form>
        </div>
      </header>
      <main className="search-main" id={MAIN_ID}>
        <h1 className="visually-hidden">{t('search.title')}</h1>
        {data.key && (
          <p className="search-main__tip" role="status">
            {t('search.tip', { n: data.total })}
          </p>
        )}
        {!data.key ? (
          <EmptyState>{t('search.prompt')}</EmptyState>
        ) : data.hits.length === 0 ? (
          <EmptyState>{t('search.none', { key: data.key })}</EmptyState>
        ) : (
          <ul className="hits">
            {data.hits.map((hit) => (
              <Hit key={`${hit.channelName}-${hit.id}`} hit={hit} keyword={data.key} />
            ))}
          </ul>
        )}
        <Pager page={data.page} pages={data.pages} />
      </main>
    </div>
  );
}

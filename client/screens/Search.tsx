// The search page: its own simple header (logo home, keyword box, button),
// the count tip, the hits and the pager. The keyword lives in `key`; the loader searches on the
// server, so a pre-filled address shows results without JavaScript. The form is a plain GET form;
// with JavaScript an empty keyword does nothing and a search resets to page 1 and scrolls to the top.
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PAGE_PARAM } from '../../shared/pager.ts';
import { homePath } from '../../shared/route-table.ts';
import type { SearchHitView } from '../../shared/article-views.ts';
import { visitPingPath } from '../../shared/links.ts';
import EmptyState from '../components/EmptyState.tsx';
import HeaderLogo from '../components/HeaderLogo.tsx';
import Highlight from '../components/Highlight.tsx';
import Pager from '../components/Pager.tsx';
import RecordLink from '../components/RecordLink.tsx';
import SafeImage from '../components/SafeImage.tsx';
import Skeleton from '../components/Skeleton.tsx';
import { useDesktop } from '../components/useDesktop.ts';
import { scrollBehavior, useListLoading, useListScroll } from '../components/useListScroll.ts';
import { useLang, useScreenData, useSiteHref } from '../frame.ts';
import { useT } from '../i18n.tsx';
import { MAIN_ID } from '../../shared/dom-ids.ts';
import SiteLink from '../components/SiteLink.tsx';

export const SEARCH_PARAM = 'key';
export const SEARCH_SKELETON_ROWS = 5;

/** Records the visit of an article whose page lives elsewhere (the article-by-id query runs, which counts it). */
function pingVisit(id: string): void {
  void fetch(visitPingPath(id), { credentials: 'same-origin', keepalive: true }).catch(() => undefined);
}

/**
 * One hit. `newTab`: desktop (a new tab) or not; null while no script has looked at the viewport
 * (the server's HTML, and for good without JavaScript): then the hit carries both links and the
 * stylesheet shows the one for the width (`.hit__link--wide` / `--narrow`, at DESKTOP_QUERY).
 */
function Hit({ hit, keyword, newTab }: { hit: SearchHitView; keyword: string; newTab: boolean | null }) {
  const onClick = hit.external ? () => pingVisit(hit.id) : undefined;
  const body = <HitBody hit={hit} keyword={keyword} />;
  if (newTab === null && !hit.external && hit.href !== null) {
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
      <RecordLink className="hit__link" href={hit.href} external={hit.external} newTab={newTab === true} onClick={onClick}>
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
  const navigate = useNavigate();
  const desktop = useDesktop();
  const [input, setInput] = useState(data.key);
  useListScroll();

  // Back/forward or a pager link changes the committed keyword: the box follows it.
  useEffect(() => setInput(data.key), [data.key]);

  const keep = [...new URLSearchParams(search)].filter(([name]) => name !== SEARCH_PARAM && name !== PAGE_PARAM);
  const loading = useListLoading();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const key = input.trim();
    if (!key) return;
    const params = new URLSearchParams(keep);
    params.set(SEARCH_PARAM, key);
    params.set(PAGE_PARAM, '1');
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
    navigate(`${pathname}?${params.toString()}`, { preventScrollReset: true });
  };

  const homeHref = siteHref(homePath(lang));

  return (
    <div className="search-page">
      <header className="search-header">
        <div className="search-header__inner">
          <SiteLink className="search-header__logo" to={homeHref}>
            <HeaderLogo lang={lang} label={t('frame.logo', { site: t('site.title') })} />
          </SiteLink>
          <form className="search-form" role="search" method="get" action={pathname} onSubmit={onSubmit}>
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
                value={input}
                placeholder={t('search.placeholder')}
                required
                autoComplete="off"
                enterKeyHint="search"
                onChange={(e) => setInput(e.target.value)}
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
        {data.key && !loading && (
          <p className="search-main__tip" role="status">
            {t('search.tip', { n: data.total })}
          </p>
        )}
        {loading ? (
          <Skeleton rows={SEARCH_SKELETON_ROWS} withImage />
        ) : !data.key ? (
          <EmptyState>{t('search.prompt')}</EmptyState>
        ) : data.hits.length === 0 ? (
          <EmptyState>{t('search.none', { key: data.key })}</EmptyState>
        ) : (
          <ul className="hits">
            {data.hits.map((hit) => (
              <Hit key={`${hit.channelName}-${hit.id}`} hit={hit} keyword={data.key} newTab={desktop} />
            ))}
          </ul>
        )}
        <Pager page={data.page} pages={data.pages} />
      </main>
    </div>
  );
}

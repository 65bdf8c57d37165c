// The pager widget (its rules: shared/pager.ts). Every control is a real link or a GET form: a page is a
// page load, which opens at the list's anchor. The jump box takes a page number (the browser refuses
// anything else, zero included), and the loader clamps it to the page count. Hidden at one page or fewer.
import { useLocation } from 'react-router';
import { JUMP_PATTERN, PAGE_PARAM, PAGER_LINKS, pageHref, pagerModel } from '../../shared/pager.ts';
import { useT } from '../i18n.tsx';

interface PagerProps {
  page: number;
  pages: number;
  /** Id of the element a page change scrolls to (default: the top of the window). */
  anchor?: string;
  links?: number;
  /** Show first/last, total and jump (shown by default). */
  showFirstLast?: boolean;
  showTotal?: boolean;
  showJump?: boolean;
}

export default function Pager({
  page,
  pages,
  anchor,
  links = PAGER_LINKS,
  showFirstLast = true,
  showTotal = true,
  showJump = true,
}: PagerProps) {
  const t = useT();
  const { pathname, search } = useLocation();
  const model = pagerModel(page, pages, links);
  if (model.hidden) return null;

  const href = (n: number) => pageHref(pathname, search, n, anchor);
  const title = (n: number) => t('pager.pageTitle', { n });
  const step = (target: number | null, label: string, rel?: string) =>
    target === null ? (
      <span className="pager__item pager__item--disabled" aria-disabled="true">
        {label}
      </span>
    ) : (
      <a className="pager__item" href={href(target)} title={title(target)} rel={rel}>
        {label}
      </a>
    );

  // Every other address parameter rides along in the jump form.
  const keep = [...new URLSearchParams(search)].filter(([name]) => name !== PAGE_PARAM);

  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <ul className="pager__list">
        {showFirstLast && <li>{step(model.current > 1 ? 1 : null, t('pager.first'))}</li>}
        <li>{step(model.prev, t('pager.prev'), 'prev')}</li>
        {model.links.map((n) => (
          <li key={n}>
            {n === model.current ? (
              <span className="pager__item pager__item--current" aria-current="page" title={title(n)}>
                {n}
              </span>
            ) : (
              <a className="pager__item" href={href(n)} title={title(n)}>
                {n}
              </a>
            )}
          </li>
        ))}
        <li>{step(model.next, t('pager.next'), 'next')}</li>
        {showFirstLast && <li>{step(model.current < model.pages ? model.pages : null, t('pager.last'))}</li>}
      </ul>
      {showTotal && (
        <span className="pager__total">
          {t('pager.total')} <strong>{model.pages}</strong>
        </span>
      )}
      {showJump && (
        <form className="pager__jump" method="get" action={anchor ? `${pathname}#${anchor}` : pathname}>
          {keep.map(([name, value]) => (
            <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
          ))}
          <label className="pager__jump-label">
            <span className="visually-hidden">{t('pager.jumpLabel')}</span>
            <input
              className="pager__input"
              type="text"
              name={PAGE_PARAM}
              inputMode="numeric"
              pattern={JUMP_PATTERN}
              autoComplete="off"
              required
              size={3}
            />
          </label>
          <button className="pager__go" type="submit">
            {t('pager.jump')}
          </button>
        </form>
      )}
    </nav>
  );
}

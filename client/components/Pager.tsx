// The pager widget (its rules: shared/pager.ts). Every control is a real link or a GET form, so paging works
// without JavaScript; with it, the jump box cleans its input as the visitor types and navigation stays
// client-side. Hidden at one page or fewer.
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PAGE_PARAM, PAGER_LINKS, cleanJumpInput, jumpTarget, pageHref, pagerModel } from '../../shared/pager.ts';
import { useT } from '../i18n.tsx';
import SiteLink from './SiteLink.tsx';

export interface PagerProps {
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
  const navigate = useNavigate();
  const [jump, setJump] = useState('');
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
      <SiteLink className="pager__item" to={href(target)} title={title(target)} rel={rel} preventScrollReset>
        {label}
      </SiteLink>
    );

  const onJump = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = jumpTarget(jump, model.pages);
    if (target === null) return;
    setJump('');
    navigate(href(target), { preventScrollReset: true });
  };

  // Every other address parameter rides along in the no-JavaScript jump form.
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
              <SiteLink className="pager__item" to={href(n)} title={title(n)} preventScrollReset>
                {n}
              </SiteLink>
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
        <form className="pager__jump" method="get" action={pathname} onSubmit={onJump}>
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
              pattern="[0-9]*"
              autoComplete="off"
              required
              size={3}
              value={jump}
              onChange={(e) => setJump(cleanJumpInput(e.target.value, model.pages))}
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

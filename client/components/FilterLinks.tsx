// A row of filter links (`?type=` on collection and exhibition lists): real links, so filtering works
// without JavaScript and every filter is an address; the page resets to 1, other parameters stay.
// Where a list has several rows (a collection's type, level and period), each shows its name.
import { useId } from 'react';
import type { FilterLink } from '../../shared/view-parts.ts';

export default function FilterLinks({ links, label, named = false }: { links: readonly FilterLink[]; label: string; named?: boolean }) {
  const labelId = useId();
  if (links.length < 2) return null;
  return (
    <nav
      className={`filter-links${named ? ' filter-links--named' : ''}`}
      {...(named ? { 'aria-labelledby': labelId } : { 'aria-label': label })}
    >
      {named ? (
        <span className="filter-links__name" id={labelId}>
          {label}
        </span>
      ) : null}
      <ul className="filter-links__list">
        {links.map((link) => (
          <li key={link.value || 'all'}>
            <a
              className={`filter-links__link${link.active ? ' filter-links__link--active' : ''}`}
              href={link.href}
              aria-current={link.active ? 'page' : undefined}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

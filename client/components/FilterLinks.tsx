// A row of filter links (`?type=` on collection and exhibition lists): real links, so filtering works
// without JavaScript and every filter is an address; the page resets to 1, other parameters stay.
import type { FilterLink } from '../../shared/view-parts.ts';
import SiteLink from './SiteLink.tsx';

export default function FilterLinks({ links, label }: { links: readonly FilterLink[]; label: string }) {
  if (links.length < 2) return null;
  return (
    <nav className="filter-links" aria-label={label}>
      <ul className="filter-links__list">
        {links.map((link) => (
          <li key={link.value || 'all'}>
            <SiteLink
              className={`filter-links__link${link.active ? ' filter-links__link--active' : ''}`}
              to={link.href}
              aria-current={link.active ? 'page' : undefined}
              preventScrollReset
            >
              {link.label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

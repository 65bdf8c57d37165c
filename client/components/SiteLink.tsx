// The site's links, in place of react-router's <Link>: a path from the site's root (nearly every link)
// is a plain <a> with react-router's click handler on the browser; <Link> resolves each path twice and
// sets up navigation state per link on the server too, where no one clicks (~100 links a page; with the
// channel menus' useLinkClick, a large share of a list page's render). Any other address (relative,
// another scheme — a record's own link may be either) goes through <Link>.
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { Link, useLinkClickHandler } from 'react-router';

type ClickHandler = (event: MouseEvent<HTMLAnchorElement>) => void;

/**
 * The click handler of a site link: react-router's own on the browser (client navigation, modifier
 * keys, same-address replace). On the server no one clicks, and resolving the path of each of the ~100
 * links a page renders is a visible share of a list page's render, so the server takes a
 * hook that does nothing. The choice is made once per program: each side calls its hooks in the same
 * order on every render, and hydration compares markup, not hooks.
 */
export const useLinkClick: (to: string, options?: { preventScrollReset?: boolean }) => ClickHandler | undefined =
  typeof document === 'undefined' ? () => undefined : useLinkClickHandler;

interface Props extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  preventScrollReset?: boolean;
}

const fromRoot = (to: string): boolean => to.startsWith('/') && !to.startsWith('//');

export default function SiteLink({ to, preventScrollReset, onClick, ...rest }: Props) {
  const follow = useLinkClick(to, { preventScrollReset });
  if (!fromRoot(to)) return <Link {...rest} to={to} preventScrollReset={preventScrollReset} onClick={onClick} />;
  const handle: ClickHandler = (event) => {
    onClick?.(event);
    if (!event.defaultPrevented) follow?.(event);
  };
  return <a {...rest} href={to} onClick={handle} />;
}

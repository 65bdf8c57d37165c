// A record's link by the rules of shared/links.ts: a link inside the portal, a new-tab link with
// rel="noopener" for external addresses, plain text when the record has no page. A record's own link may
// be relative to its list (the service's data): it is resolved here, on the server, against the page's
// path the way the portal's routes always have (`12` on /News/SNews is /News/SNews/12), since the
// browser would resolve it against the path's parent. `ping` names an address the browser tells when the
// link is followed (hyperlink auditing; no script).
import type { ReactNode } from 'react';
import { resolvePath, useLocation } from 'react-router';

interface RecordLinkProps {
  href: string | null;
  external: boolean;
  /** Open internal links in a new tab as well (search hits on desktop). */
  newTab?: boolean;
  className?: string;
  ping?: string;
  children: ReactNode;
}

const isRelative = (href: string): boolean => !/^(?:[a-z][a-z0-9+.-]*:|\/|#|\?)/i.test(href);

export default function RecordLink({ href, external, newTab = false, className, ping, children }: RecordLinkProps) {
  const { pathname } = useLocation();
  if (href === null) return <span className={className}>{children}</span>;
  if (external || newTab) {
    return (
      <a className={className} href={href} target="_blank" rel="noopener" ping={ping}>
        {children}
      </a>
    );
  }
  const resolved = isRelative(href) ? resolveRelative(href, pathname) : href;
  return (
    <a className={className} href={resolved} ping={ping}>
      {children}
    </a>
  );
}

function resolveRelative(href: string, pathname: string): string {
  const hash = href.indexOf('#');
  const beforeHash = hash === -1 ? href : href.slice(0, hash);
  const q = beforeHash.indexOf('?');
  const path = resolvePath(q === -1 ? beforeHash : beforeHash.slice(0, q), pathname).pathname;
  return `${path}${q === -1 ? '' : beforeHash.slice(q)}${hash === -1 ? '' : href.slice(hash)}`;
}

// A record's link by the rules of shared/links.ts: a client-side link inside the portal, a new-tab
// link with rel="noopener" for external addresses, plain text when the record has no page.
import type { MouseEvent, ReactNode } from 'react';
import SiteLink from './SiteLink.tsx';

export interface RecordLinkProps {
  href: string | null;
  external: boolean;
  /** Open internal links in a new tab as well (search hits on desktop). */
  newTab?: boolean;
  className?: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  children: ReactNode;
}

export default function RecordLink({ href, external, newTab = false, className, onClick, children }: RecordLinkProps) {
  if (href === null) return <span className={className}>{children}</span>;
  if (external || newTab) {
    return (
      <a className={className} href={href} target="_blank" rel="noopener" onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <SiteLink className={className} to={href} onClick={onClick}>
      {children}
    </SiteLink>
  );
}

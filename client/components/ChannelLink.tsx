// One channel's link: internal channels through the router (keeping the visitor's mode), external
// http(s) channels in a new tab with rel="noopener" and a spoken hint. The menus render ~90 of these on
// every page, so an internal one is a plain <a> with react-router's own click handler on the browser
// (SiteLink.tsx) rather than a <Link>, whose href resolution, prefetch state and prop copies per link
// are a large share of a list page's render; channel hrefs are absolute paths already.
import type { ReactNode } from 'react';
import type { ChannelNode } from '../../shared/channels.ts';
import { useSiteHref } from '../frame.ts';
import { useT } from '../i18n.tsx';
import { useLinkClick } from './SiteLink.tsx';

interface Props {
  node: Pick<ChannelNode, 'href' | 'external' | 'name'>;
  className?: string;
  current?: boolean;
  children?: ReactNode;
  onClick?: () => void;
}

export default function ChannelLink({ node, className, current = false, children, onClick }: Props) {
  const t = useT();
  const to = useSiteHref()(node.href);
  const follow = useLinkClick(to);
  const label = children ?? node.name;
  if (node.external) {
    return (
      <a className={className} href={node.href} target="_blank" rel="noopener" onClick={onClick}>
        {label}
        <span className="visually-hidden">{t('frame.newTab')}</span>
      </a>
    );
  }
  return (
    <a
      className={className}
      href={to}
      aria-current={current ? 'true' : undefined}
      onClick={(e) => {
        onClick?.();
        follow?.(e);
      }}
    >
      {label}
    </a>
  );
}

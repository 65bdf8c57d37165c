// One channel's link: internal channels through the router (keeping the visitor's mode), external
// http(s) channels in a new tab with rel="noopener" and a spoken hint.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ChannelNode } from '../../shared/channels.ts';
import { useSiteHref } from '../frame.ts';
import { useT } from '../i18n.tsx';

interface Props {
  node: Pick<ChannelNode, 'href' | 'external' | 'name'>;
  className?: string;
  current?: boolean;
  children?: ReactNode;
  onClick?: () => void;
}

export default function ChannelLink({ node, className, current = false, children, onClick }: Props) {
  const t = useT();
  const siteHref = useSiteHref();
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
    <Link className={className} to={siteHref(node.href)} aria-current={current ? 'true' : undefined} onClick={onClick}>
      {label}
    </Link>
  );
}

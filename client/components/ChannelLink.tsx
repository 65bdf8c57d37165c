// One channel's link: internal channels keep the visitor's mode (`platform=wx`, `care=1`), external
// http(s) channels open in a new tab with rel="noopener" and a spoken hint.
import type { ReactNode } from 'react';
import type { ChannelNode } from '../../shared/channels.ts';
import { useSiteHref } from '../frame.ts';
import { useT } from '../i18n.tsx';

interface Props {
  node: Pick<ChannelNode, 'href' | 'external' | 'name'>;
  className?: string;
  current?: boolean;
  children?: ReactNode;
}

export default function ChannelLink({ node, className, current = false, children }: Props) {
  const t = useT();
  const to = useSiteHref()(node.href);
  const label = children ?? node.name;
  if (node.external) {
    return (
      <a className={className} href={node.href} target="_blank" rel="noopener">
        {label}
        <span className="visually-hidden">{t('frame.newTab')}</span>
      </a>
    );
  }
  return (
    <a className={className} href={to} aria-current={current ? 'true' : undefined}>
      {label}
    </a>
  );
}

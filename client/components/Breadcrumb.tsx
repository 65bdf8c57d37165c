// Where the visitor is: home, then the channels named by the path, then "article" on record pages.
import type { ChannelNode } from '../../shared/channels.ts';
import { homePath, redirectedPath } from '../../shared/route-table.ts';
import { useFrame, useSiteHref } from '../frame.ts';
import { useT } from '../i18n.tsx';
import ChannelLink from './ChannelLink.tsx';

export default function Breadcrumb({ chain, record }: { chain: ChannelNode[]; record: boolean }) {
  const t = useT();
  const { lang } = useFrame();
  const siteHref = useSiteHref();
  return (
    <nav className="breadcrumb" aria-label={t('frame.breadcrumb')}>
      <ol className="breadcrumb__list">
        <li className="breadcrumb__item">
          <a href={siteHref(homePath(lang))}>{t('frame.home')}</a>
        </li>
        {chain.map((node, i) => {
          const last = i === chain.length - 1 && !record;
          return (
            <li key={node.path} className="breadcrumb__item">
              {last ? (
                <span aria-current="page">{node.name}</span>
              ) : (
                <ChannelLink node={{ ...node, href: redirectedPath(node.path), external: false }} />
              )}
            </li>
          );
        })}
        {record && (
          <li className="breadcrumb__item">
            <span aria-current="page">{t('frame.detail')}</span>
          </li>
        )}
      </ol>
    </nav>
  );
}

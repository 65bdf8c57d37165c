// The phone menu: a button opening a full-height panel with the whole tree. Built on <details>, so it
// opens and closes without script, by pointer and keyboard alike; while it is open the page behind it
// stays still (frame.css, `:has`), and following a link loads the next page with the menu closed.
import type { ChannelNode } from '../../shared/channels.ts';
import { isActiveChannel } from '../../shared/channels.ts';
import { useT } from '../i18n.tsx';
import ChannelLink from './ChannelLink.tsx';

function Tree({ nodes, pathname, depth }: { nodes: readonly ChannelNode[]; pathname: string; depth: number }) {
  return (
    <ul className={`mobile-menu__list mobile-menu__list--${depth}`}>
      {nodes.map((node) => {
        const active = isActiveChannel(node, pathname);
        return (
          <li key={node.path} className={`mobile-menu__item${active ? ' mobile-menu__item--active' : ''}`}>
            <ChannelLink node={node} className="mobile-menu__link" current={active} />
            {node.children.length > 0 && <Tree nodes={node.children} pathname={pathname} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}

export default function MobileMenu({ nodes, pathname }: { nodes: readonly ChannelNode[]; pathname: string }) {
  const t = useT();
  return (
    <details className="mobile-menu">
      <summary className="mobile-menu__button">
        <svg className="mobile-menu__icon mobile-menu__icon--open" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" />
        </svg>
        <svg className="mobile-menu__icon mobile-menu__icon--close" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M5 5l14 14M19 5L5 19" />
        </svg>
        <span className="visually-hidden">{t('frame.menuOpen')}</span>
      </summary>
      <nav className="mobile-menu__panel" aria-label={t('frame.menuAll')}>
        <Tree nodes={nodes} pathname={pathname} depth={1} />
      </nav>
    </details>
  );
}

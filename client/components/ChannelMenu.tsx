// The desktop channel menu: top channels in a row, each with children carrying a chevron and a dropdown
// of its visible children (third levels nested inside). The stylesheet alone opens a dropdown: on hover,
// and while keyboard focus is inside its item (:focus-within), so Tab walks a section's children right
// after its link; every top link also leads to its section, whose channel tabs list the same children.
import type { ChannelNode } from '../../shared/channels.ts';
import { isActiveChannel } from '../../shared/channels.ts';
import { useT } from '../i18n.tsx';
import ChannelLink from './ChannelLink.tsx';

function Chevron() {
  return (
    <span className="channel-menu__toggle" aria-hidden="true">
      <svg className="channel-menu__chevron" viewBox="0 0 12 12" width="12" height="12">
        <path d="M2.5 4.5L6 8l3.5-3.5" />
      </svg>
    </span>
  );
}

/**
 * A top channel's visible children, each with its third-level channels nested. The list has no
 * aria-label, which assistive technology may ignore on a list: the channel's link just before it names
 * whose sections these are.
 */
function Dropdown({ nodes, pathname }: { nodes: readonly ChannelNode[]; pathname: string }) {
  return (
    <ul className="channel-menu__dropdown">
      {nodes.map((child) => (
        <li key={child.path} className="channel-menu__sub">
          <ChannelLink node={child} className="channel-menu__sublink" current={isActiveChannel(child, pathname)} />
          {child.children.length > 0 && (
            <ul className="channel-menu__third">
              {child.children.map((third) => (
                <li key={third.path}>
                  <ChannelLink node={third} className="channel-menu__thirdlink" current={isActiveChannel(third, pathname)} />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

export default function ChannelMenu({ nodes, pathname }: { nodes: readonly ChannelNode[]; pathname: string }) {
  const t = useT();
  return (
    <nav className="channel-menu" aria-label={t('frame.menu')}>
      <ul className="channel-menu__list">
        {nodes.map((node) => {
          const active = isActiveChannel(node, pathname);
          const parent = node.children.length > 0;
          const className = ['channel-menu__item', active ? 'channel-menu__item--active' : '', parent ? 'channel-menu__item--parent' : '']
            .filter(Boolean)
            .join(' ');
          return (
            <li key={node.path} className={className}>
              <ChannelLink node={node} className="channel-menu__link" current={active} />
              {parent && <Chevron />}
              {parent && <Dropdown nodes={node.children} pathname={pathname} />}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

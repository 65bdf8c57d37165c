// The desktop channel menu: top channels in a row, their visible children in a dropdown that opens
// on hover and on keyboard focus (CSS :hover / :focus-within), third levels nested in the dropdown.
import type { ChannelNode } from '../../shared/channels.ts';
import { isActiveChannel } from '../../shared/channels.ts';
import { useT } from '../i18n.tsx';
import ChannelLink from './ChannelLink.tsx';

export default function ChannelMenu({ nodes, pathname }: { nodes: ChannelNode[]; pathname: string }) {
  const t = useT();
  return (
    <nav className="channel-menu" aria-label={t('frame.menu')}>
      <ul className="channel-menu__list">
        {nodes.map((node) => {
          const active = isActiveChannel(node, pathname);
          const children = node.children;
          return (
            <li
              key={node.path}
              className={`channel-menu__item${active ? ' channel-menu__item--active' : ''}${children.length ? ' channel-menu__item--parent' : ''}`}
            >
              <ChannelLink node={node} className="channel-menu__link" current={active} />
              {children.length > 0 && (
                <ul className="channel-menu__dropdown" aria-label={t('frame.subMenu', { name: node.name })}>
                  {children.map((child) => (
                    <li key={child.path} className="channel-menu__sub">
                      <ChannelLink
                        node={child}
                        className="channel-menu__sublink"
                        current={isActiveChannel(child, pathname)}
                      />
                      {child.children.length > 0 && (
                        <ul className="channel-menu__third">
                          {child.children.map((third) => (
                            <li key={third.path}>
                              <ChannelLink
                                node={third}
                                className="channel-menu__thirdlink"
                                current={isActiveChannel(third, pathname)}
                              />
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

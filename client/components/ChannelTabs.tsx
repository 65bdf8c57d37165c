// Second-level channel tabs of a section, and the third-level row under the active second level
// when it has children (开放服务 → 开放时间 / 参观须知 / …). Hidden channels are left out.
import type { ChannelNode } from '../../shared/channels.ts';
import { useT } from '../i18n.tsx';
import ChannelLink from './ChannelLink.tsx';

function Row({ nodes, active, level, label }: { nodes: ChannelNode[]; active: ChannelNode | undefined; level: 2 | 3; label: string }) {
  const visible = nodes.filter((n) => n.visible);
  if (visible.length === 0) return null;
  return (
    <nav className={`channel-tabs channel-tabs--${level}`} aria-label={label}>
      <ul className="channel-tabs__list">
        {visible.map((node) => {
          const current = node.path === active?.path;
          return (
            <li key={node.path} className={`channel-tabs__item${current ? ' channel-tabs__item--active' : ''}`}>
              <ChannelLink node={node} className="channel-tabs__link" current={current} />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export default function ChannelTabs({ chain }: { chain: ChannelNode[] }) {
  const t = useT();
  const [section, second, third] = chain;
  if (!section) return null;
  return (
    <>
      <Row nodes={section.children} active={second} level={2} label={t('frame.sections', { name: section.name })} />
      {second && second.children.some((c) => c.visible) && (
        <Row nodes={second.children} active={third} level={3} label={t('frame.sections', { name: second.name })} />
      )}
    </>
  );
}

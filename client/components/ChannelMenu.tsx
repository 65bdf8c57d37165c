// The desktop channel menu, after the WAI-ARIA disclosure-navigation pattern: top channels in a row,
// each with children followed by a disclosure button (aria-expanded, aria-controls) for its dropdown
// of visible children (third levels nested inside). Closed dropdowns are hidden, so their links are
// no Tab stops: the keyboard walks the top row and opens a dropdown on purpose. Escape closes it and
// returns focus to its button; focus leaving the item, a click elsewhere or a navigation close it too.
// The pointer still opens a dropdown on hover (CSS :hover).
//
// Before hydration and without JavaScript the buttons are plain ornaments (the same chevron, so
// nothing moves when they become buttons), and CSS :hover / :focus-within open the dropdowns as
// before; every top link also leads to its section, whose channel tabs list the same children.
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { ChannelNode } from '../../shared/channels.ts';
import { isActiveChannel } from '../../shared/channels.ts';
import { useT } from '../i18n.tsx';
import ChannelLink from './ChannelLink.tsx';

function Chevron() {
  return (
    <svg className="channel-menu__chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
      <path d="M2.5 4.5L6 8l3.5-3.5" />
    </svg>
  );
}

/** A top channel's visible children, each with its third-level channels nested. */
function Dropdown({ id, label, nodes, pathname }: { id: string; label: string; nodes: readonly ChannelNode[]; pathname: string }) {
  return (
    <ul id={id} className="channel-menu__dropdown" aria-label={label}>
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
  const baseId = useId();
  const navRef = useRef<HTMLElement>(null);
  // Set after hydration: the server and the first client render agree on the ornament.
  const [enhanced, setEnhanced] = useState(false);
  /** The item whose dropdown the visitor opened with its button. */
  const [open, setOpen] = useState<string | null>(null);
  /** The item whose hover-opened dropdown Escape dismissed (until the pointer leaves it). */
  const [dismissed, setDismissed] = useState<string | null>(null);

  useEffect(() => setEnhanced(true), []);

  // A navigation closes whatever was open.
  useEffect(() => {
    setOpen(null);
    setDismissed(null);
  }, [pathname]);

  // A click or tap outside the menu closes an open dropdown.
  useEffect(() => {
    if (open === null) return;
    const onPointer = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, path: string, buttonId: string) => {
    if (event.key !== 'Escape') return;
    const item = event.currentTarget;
    const wasOpen = open === path;
    const hovered = item.matches(':hover');
    if (!wasOpen && !hovered) return;
    event.preventDefault();
    // Focus in the dropdown that is about to hide goes back to its button.
    const inDropdown = !!document.activeElement?.closest('.channel-menu__dropdown');
    setOpen(null);
    if (hovered) setDismissed(path);
    if (wasOpen || inDropdown) document.getElementById(buttonId)?.focus();
  };

  const onBlur = (event: FocusEvent<HTMLLIElement>, path: string) => {
    const next = event.relatedTarget as Node | null;
    if (open === path && (!next || !event.currentTarget.contains(next))) setOpen(null);
  };

  return (
    <nav ref={navRef} className={`channel-menu${enhanced ? ' channel-menu--enhanced' : ''}`} aria-label={t('frame.menu')}>
      <ul className="channel-menu__list">
        {nodes.map((node, index) => {
          const active = isActiveChannel(node, pathname);
          const children = node.children;
          const dropdownId = `${baseId}-sub-${index}`;
          const buttonId = `${baseId}-btn-${index}`;
          const isOpen = open === node.path;
          const label = t('frame.subMenu', { name: node.name });
          const className = [
            'channel-menu__item',
            active ? 'channel-menu__item--active' : '',
            children.length ? 'channel-menu__item--parent' : '',
            isOpen ? 'channel-menu__item--open' : '',
            dismissed === node.path ? 'channel-menu__item--dismissed' : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <li
              key={node.path}
              className={className}
              onKeyDown={children.length ? (e) => onKeyDown(e, node.path, buttonId) : undefined}
              onBlur={children.length ? (e) => onBlur(e, node.path) : undefined}
              onMouseLeave={dismissed === node.path ? () => setDismissed(null) : undefined}
            >
              <ChannelLink node={node} className="channel-menu__link" current={active} />
              {children.length > 0 &&
                (enhanced ? (
                  <button
                    type="button"
                    id={buttonId}
                    className="channel-menu__toggle"
                    aria-expanded={isOpen}
                    aria-controls={dropdownId}
                    aria-label={label}
                    onClick={() => {
                      setDismissed(null);
                      setOpen(isOpen ? null : node.path);
                    }}
                  >
                    <Chevron />
                  </button>
                ) : (
                  <span className="channel-menu__toggle" aria-hidden="true">
                    <Chevron />
                  </span>
                ))}
              {children.length > 0 && <Dropdown id={dropdownId} label={label} nodes={children} pathname={pathname} />}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

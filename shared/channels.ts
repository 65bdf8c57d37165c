// The channel tree as the portal uses it (menus, breadcrumb, tabs): a channel's path is its
// parent's path plus its own route segment; external http(s) links open in a new tab; the active
// channel is the one whose path segments are a prefix of the address's.
//
// A hidden channel (`isVisible: false`) is unlisted, not private: the service's public API lists it
// to anyone, so its pages answer when linked, but the site names it nowhere a visitor or crawler would
// find it (menus, tabs, sitemap, feeds, search results) and its pages carry `noindex`. The server
// keeps the whole tree; what a page sends to the browser is the listed tree plus, on a page inside a
// hidden channel, that page's own chain (pageTree).
import { deepFreeze } from './deep-freeze.ts';
import { compareIds } from './ids.ts';
import type { Channel } from './wire.ts';
import { isExternalUrl } from './links.ts';
import { redirectedPath } from './route-table.ts';

export interface ChannelNode {
  no: string;
  name: string;
  /** `/News/SNews`: parent path + `/` + channelNo. */
  path: string;
  /** Where the menu links: the path, the channel's own absolute link, or an external URL. */
  href: string;
  /** `href` leaves the site (new tab, rel="noopener"). */
  external: boolean;
  visible: boolean;
  isHome: boolean;
  banner: string;
  description: string;
  children: ChannelNode[];
}

/**
 * Where a channel links: an external URL as it is; else its link URL, or its path when the link is the
 * root — and a section parent's default child directly, as its redirect would (a click, and a browser's
 * guess of it, costs no 302).
 */
function channelHref(linkUrl: string | null | undefined, path: string): { href: string; external: boolean } {
  const link = (linkUrl ?? '').trim();
  if (isExternalUrl(link)) return { href: link, external: true };
  if (link === '' || link === '/') return { href: redirectedPath(path), external: false };
  return { href: redirectedPath(link.startsWith('/') ? link : `/${link}`), external: false };
}

const bySort = (a: Channel, b: Channel): number => (a.sort ?? 0) - (b.sort ?? 0) || compareIds(a.channelId, b.channelId);

/** The content service's tree → portal nodes with paths (every channel, hidden ones included). */
export function buildChannelTree(records: readonly Channel[], parentPath = ''): ChannelNode[] {
  return [...records].sort(bySort).map((c) => {
    const path = `${parentPath}/${c.channelNo}`;
    return {
      no: c.channelNo,
      name: c.channelName,
      path,
      ...channelHref(c.linkUrl, path),
      visible: c.isVisible !== false,
      isHome: c.isHome === true || c.channelNo.replace(/^EN_/, '') === 'Home',
      banner: c.bannerPhotoPath ?? '',
      description: c.description ?? '',
      children: buildChannelTree(c.subChannel ?? [], path),
    };
  });
}

function visibleOnly(nodes: readonly ChannelNode[]): ChannelNode[] {
  return nodes.filter((n) => n.visible).map((n) => ({ ...n, children: visibleOnly(n.children) }));
}

/** Menus of frozen trees (the server keeps one per cached channel answer): made once, frozen too. */
const menus = new WeakMap<readonly ChannelNode[], readonly ChannelNode[]>();

/** The menu: visible channels only, at every level. */
export function menuTree(nodes: readonly ChannelNode[]): readonly ChannelNode[] {
  if (!Object.isFrozen(nodes)) return visibleOnly(nodes);
  let menu = menus.get(nodes);
  if (menu === undefined) {
    menu = deepFreeze(visibleOnly(nodes));
    menus.set(nodes, menu);
  }
  return menu;
}

/** Does a chain run through a hidden channel (the page is unlisted: `noindex`, out of sitemap and feeds)? */
export const isUnlistedChain = (chain: readonly Pick<ChannelNode, 'visible'>[]): boolean => chain.some((n) => !n.visible);

/** The chain from `depth` down as unlisted nodes, each holding only the next one (no hidden siblings). */
function unlistedChain(chain: readonly ChannelNode[], depth: number): ChannelNode {
  const next = depth + 1 < chain.length ? [unlistedChain(chain, depth + 1)] : [];
  return { ...chain[depth]!, visible: false, children: next };
}

/** `level` (a listed tree) with the chain from `depth` grafted in: listed nodes copied, the first hidden one added. */
function graftChain(level: readonly ChannelNode[], chain: readonly ChannelNode[], depth: number): ChannelNode[] {
  const node = chain[depth];
  if (!node) return [...level];
  const at = node.visible ? level.findIndex((n) => n.no === node.no) : -1;
  if (at < 0) return [...level, unlistedChain(chain, depth)];
  return level.map((n, i) => (i === at ? { ...n, children: graftChain(n.children, chain, depth + 1) } : n));
}

/**
 * The channels a page sends to the browser: the listed tree (menuTree: shared and frozen, so its JSON
 * is written once per tree), and on a page inside a hidden channel that page's own chain grafted in,
 * flagged unlisted, so its title, breadcrumb, banner and head come out as on the server. Hidden
 * channels elsewhere in the tree never leave the server.
 */
export function pageTree(tree: readonly ChannelNode[], pathname: string): readonly ChannelNode[] {
  const menu = menuTree(tree);
  const chain = channelChain(tree, pathname);
  return isUnlistedChain(chain) ? graftChain(menu, chain, 0) : menu;
}

function splitPath(pathname: string): readonly string[] {
  return pathname
    .split(/[?#]/)[0]!
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}

/**
 * Paths split once: every page asks whether each of its ~90 menu channels is active, for the page's one
 * address and the same channel paths every time (splitting each time shows in a list page's render).
 * Emptied when full and long paths not kept: addresses come from visitors, channel paths are a few
 * hundred at most (so at most 1024 × 256 characters are held).
 */
const SPLIT_PATHS_MAX = 1024;
const SPLIT_PATH_KEPT_LENGTH = 256;
const splitPaths = new Map<string, readonly string[]>();

export function pathSegments(pathname: string): readonly string[] {
  let segments = splitPaths.get(pathname);
  if (segments === undefined) {
    segments = Object.freeze(splitPath(pathname));
    if (pathname.length > SPLIT_PATH_KEPT_LENGTH) return segments;
    if (splitPaths.size >= SPLIT_PATHS_MAX) splitPaths.clear();
    splitPaths.set(pathname, segments);
  }
  return segments;
}

/** A `Message` path segment gives the channel name 观众留言, whether or not the tree has it. */
const MESSAGE_SEGMENT = 'Message';
const MESSAGE_CHANNEL_NAME = { zh: '观众留言', en: 'Visitor Messages' } as const;

function messageChannel(found: ChannelNode | undefined, segment: string, parentPath: string): ChannelNode {
  const path = `${parentPath}/${segment}`;
  const name = segment.startsWith('EN_') ? MESSAGE_CHANNEL_NAME.en : MESSAGE_CHANNEL_NAME.zh;
  if (found) return { ...found, name };
  // Not a channel of the tree but a public page of every site (the board the menu's LeaveWord shows).
  return { no: segment, name, path, href: path, external: false, visible: true, isHome: false, banner: '', description: '', children: [] };
}

const isMessageSegment = (segment: string): boolean => segment.replace(/^EN_/, '') === MESSAGE_SEGMENT;

/**
 * The channels named by the leading segments of a path, top first: `/News/SNews/12` → [News, SNews].
 * Stops at the first segment that is not a child of the previous channel (a `Message` segment always
 * names the visitor-message channel).
 */
export function channelChain(nodes: readonly ChannelNode[], pathname: string): ChannelNode[] {
  const chain: ChannelNode[] = [];
  let level = nodes;
  for (const segment of pathSegments(pathname)) {
    const found = level.find((n) => n.no === segment);
    const next = isMessageSegment(segment) ? messageChannel(found, segment, chain.at(-1)?.path ?? '') : found;
    if (!next) break;
    chain.push(next);
    level = next.children;
  }
  return chain;
}

/**
 * Is a menu node active for the address? Its path segments are a prefix of the address's; the home
 * channel is active on the home paths (`/`, `/Home`, `/EN_Home`).
 */
export function isActiveChannel(node: Pick<ChannelNode, 'path' | 'isHome' | 'external'>, pathname: string): boolean {
  if (node.external) return false;
  const here = pathSegments(pathname);
  if (node.isHome) return here.length === 0 || (here.length === 1 && node.path === `/${here[0]}`);
  const mine = pathSegments(node.path);
  return mine.length > 0 && mine.length <= here.length && mine.every((s, i) => s === here[i]);
}

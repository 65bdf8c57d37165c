// The pages of the site as the router would serve them: which route table row a path is, whether its
// channels exist in the language's channel tree, and the list pages a channel tree has. The same
// checks as the page platform (server/pages/routes.ts), so a sitemap, feed or calendar never names a
// page that answers 404.
import { matchRoutes } from 'react-router';
import { channelChain, type ChannelNode } from '../../shared/channels.ts';
import { ROUTES, ROUTE_BY_ID, isListRoute, type Lang, type RouteDef } from '../../shared/route-table.ts';
import { RECORD_ID } from '../../shared/ids.ts';
import { pathIsEnglish } from '../../shared/site.ts';
import type { ContentCaller } from '../content/content-api.ts';
import { loadChannels } from '../loaders/root.ts';

const ROUTE_OBJECTS = ROUTES.map((r) => ({ id: r.id, path: r.path, caseSensitive: true }));

/** Deepest page of the route table: `/Collection/:sec/:third/:id`. */
const MAX_SEGMENTS = 4;

/** Is this a path a page could have (segments shaped like channel numbers and record ids, not too many)? Checked before any call. */
function isPagePath(path: string): boolean {
  const segments = path.split('/').slice(1);
  return path.startsWith('/') && segments.length >= 1 && segments.length <= MAX_SEGMENTS && segments.every((s) => RECORD_ID.test(s));
}

interface RoutedPath {
  def: RouteDef;
  params: Record<string, string>;
  lang: Lang;
}

/** The route table row of a path (static rows beat `:param` rows, as in the browser router), or null. */
function routeOf(path: string): RoutedPath | null {
  const last = matchRoutes(ROUTE_OBJECTS, path)?.at(-1);
  const def = last ? ROUTE_BY_ID.get(last.route.id) : undefined;
  if (!last || !def || def.screen === 'notFound') return null;
  const params = Object.fromEntries(Object.entries(last.params).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return { def, params, lang: pathIsEnglish(path) ? 'en' : 'zh' };
}

export interface ResolvedPage extends RoutedPath {
  path: string;
  /** The deepest channel the row names (the list's or the record's channel). */
  channel: ChannelNode;
  channels: ChannelNode[];
}

/** A page path whose channels exist (and are visible) in its language's tree, or null. */
export async function resolvePage(api: ContentCaller, path: string, requestId: string): Promise<ResolvedPage | null> {
  if (!isPagePath(path)) return null;
  const routed = routeOf(path);
  if (!routed || routed.def.lang !== routed.lang || routed.def.channelDepth === 0) return null;
  const channels = await loadChannels(api, routed.lang, requestId);
  const chain = channelChain(channels, path);
  const channel = chain[routed.def.channelDepth - 1];
  if (chain.length < routed.def.channelDepth || !channel) return null;
  // A hidden channel's pages answer, but the site keeps them out of sight: no feed or calendar of them either.
  if (chain.slice(0, routed.def.channelDepth).some((c) => !c.visible)) return null;
  return { ...routed, path, channel, channels };
}

export interface ListPage {
  path: string;
  def: RouteDef;
  channel: ChannelNode;
}

/**
 * The list pages of a channel tree: every visible channel inside the site (not an external link, not
 * a link to another page) whose path is a list route of the language. Hidden channels and what is
 * below them stay out: the site keeps them out of its menu on purpose.
 */
export function listPagesOf(channels: readonly ChannelNode[], lang: Lang): ListPage[] {
  const out: ListPage[] = [];
  const visit = (nodes: readonly ChannelNode[]): void => {
    for (const node of nodes) {
      if (!node.visible || node.external) continue;
      const routed = node.href === node.path && isPagePath(node.path) ? routeOf(node.path) : null;
      if (routed && routed.def.lang === lang && isListRoute(routed.def)) out.push({ path: node.path, def: routed.def, channel: node });
      visit(node.children);
    }
  };
  visit(channels);
  return out;
}

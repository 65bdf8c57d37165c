// The RSS 2.0 feed of a list page (articles, exhibitions, activities): its newest records as items with
// title, absolute link, guid, pubDate, summary and picture, in the list's own order. Built with `feed`.
import { Feed } from 'feed';
import { feedPathFor, hasFeed } from '../../shared/discovery-paths.ts';
import { t } from '../../shared/i18n.ts';
import { HTML_LANG } from '../../shared/site.ts';
import type { ContentCaller } from '../content/content-api.ts';
import { DiscoveryNotFound } from './records.ts';
import { absolute, pictureOf, recordHref } from './links.ts';
import { sourceFor, walkRecords, type DiscoveryRecord, type SourceSettings } from './records.ts';
import type { ResolvedPage } from './site-pages.ts';
import { instantOf } from './records.ts';

/** Items in a feed: the newest records of the list. */
const FEED_ITEMS = 20;
/** What the feed tells readers about polling (minutes). */
const FEED_TTL_MIN = 30;

interface FeedDeps {
  api: ContentCaller;
  now: () => number;
  filePrefix: string;
  settings: SourceSettings;
}

/** When a record appeared: articles their publishing date; exhibitions and activities their start. */
function dateOf(r: DiscoveryRecord, nowMs: number): number | null {
  return instantOf(r.changed, nowMs) ?? instantOf(r.start, nowMs);
}

/** The feed of a list page; DiscoveryNotFound when the page is not a list with a feed. */
export async function buildFeed(deps: FeedDeps, page: ResolvedPage, origin: string, requestId: string): Promise<string> {
  const { def, channel, lang } = page;
  const source = hasFeed(def.screen, channel.no) ? sourceFor(def, channel.no, lang, deps.settings) : null;
  if (!source || page.path !== channel.path) throw new DiscoveryNotFound(`${page.path} has no feed`);
  const records = await walkRecords(deps.api, source, { requestId, pageSize: FEED_ITEMS, maxPages: 1 });
  const now = deps.now();
  const dated = records.filter((r) => r.title !== '').map((r) => ({ r, at: dateOf(r, now) }));
  const siteTitle = t(lang, 'site.title');
  const listUrl = absolute(origin, page.path);
  // The newest item already out (an exhibition dated by a start still to come does not date the feed).
  const newestMs = dated.reduce((m, d) => (d.at !== null && d.at <= now ? Math.max(m, d.at) : m), 0);

  const feed = new Feed({
    title: `${channel.name} - ${siteTitle}`,
    description: channel.description.trim() || t(lang, 'site.description'),
    id: listUrl,
    link: listUrl,
    language: HTML_LANG[lang],
    feedLinks: { rss: absolute(origin, feedPathFor(page.path)) },
    updated: new Date(newestMs || now),
    ttl: FEED_TTL_MIN,
    generator: siteTitle,
    copyright: `© ${siteTitle}`,
  });
  for (const { r, at } of dated) {
    const link = recordHref(origin, page.path, channel.no, r);
    const picture = pictureOf(origin, deps.filePrefix, r);
    feed.addItem({
      title: r.title,
      link,
      // The record's id under its list: stable even when its link changes.
      guid: `${listUrl}#${r.id}`,
      // Undated records (rare) take the build time: readers then keep them in the list's order.
      date: new Date(at ?? now),
      description: r.summary,
      ...(picture ? { enclosure: { url: picture.url, type: picture.type, length: 0 } } : {}),
    });
  }
  return feed.rss2();
}

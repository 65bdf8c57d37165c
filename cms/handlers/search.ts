// Site search over titles, descriptions and bodies, in both request forms (querySearchList and the
// search cluster's cmsSearch). Keywords of three or more characters go through the FTS5 trigram
// index; a keyword of one or two characters (common in Chinese: 青铜, 瓷) cannot, so it falls back
// to LIKE over the same documents. Several keywords (split on spaces) must all match. A hit's `id`
// is the wire id of the record it stands for (by its type), so it links like the record itself.
import { z } from 'zod';
import type { SearchHit, SearchResult, SiteLanguage } from '../../shared/wire.ts';
import { Where, likeContains, pagedList, pageWindow } from '../db/query.ts';
import { SEARCH_DOC_KINDS, type SearchDocType } from '../db/seed.ts';
import { listBody, nonNegative, parseInput, textFilter, toPaging } from '../http/input.ts';
import { encodeId } from '../wire-ids.ts';
import type { HandlerDeps, HandlerGroup } from './types.ts';

/** A hit as sent: ids are wire ids, missing values null. */
type WireSearchHit = Omit<SearchHit, 'id' | 'channelId' | 'img' | 'thumb' | 'linkUrl' | 'extension1' | 'extension2' | 'flag'> & {
  id: string;
  channelId: string;
  img: string | null;
  thumb: string | null;
  linkUrl: string | null;
  extension1: string | null;
  extension2: string | null;
  flag: string | null;
};

const MAX_TERMS = 8;
const TRIGRAM = 3;
const SITES: readonly string[] = ['CN', 'EN'];

const pageNames = { size: nonNegative.nullish(), page: nonNegative.nullish() };

/**
 * `{ entity: {title, channelNo}, param: {pageSize, pageNum} }`; the original search page's own
 * paging names `{size, page}` are taken in `param` or beside it at the top of the body.
 */
const searchListRequest = listBody({ title: textFilter, channelNo: textFilter }, pageNames).extend(pageNames);

const cmsSearchRequest = z.looseObject(
  {
    clusterName: textFilter,
    searchValue: textFilter,
    pageNum: nonNegative.nullish(),
    pageSize: nonNegative.nullish(),
    searchMap: z
      .looseObject(
        {
          portalId: textFilter,
          channelNo: z
            .union([z.string(), z.array(z.string({ error: 'must be a list of channel numbers' }))], {
              error: 'must be a channel number or a list of them',
            })
            .nullish(),
        },
        { error: 'must be an object' },
      )
      .nullish(),
  },
  { error: 'the body must be a JSON object' },
);

interface SearchQuery {
  keyword: string;
  /** Site codes and/or channel numbers; a channel includes its sub-channels. Empty = the Chinese site. */
  scope: readonly string[];
  pageSize: number;
  pageNum: number;
}

const quoteFts = (term: string): string => `"${term.replace(/"/g, '""')}"`;

export function searchHandlers({ prepare }: HandlerDeps): HandlerGroup<'querySearchList' | 'cmsSearch'> {
  // The channel tree never changes after seeding; read it once.
  const channels = prepare('SELECT channelNo, parent, site FROM channels').all() as Array<{
    channelNo: string;
    parent: string;
    site: SiteLanguage;
  }>;
  const children = new Map<string, string[]>();
  for (const c of channels) children.set(c.parent, [...(children.get(c.parent) ?? []), c.channelNo]);
  const subtree = (no: string): string[] => [no, ...(children.get(no) ?? []).flatMap(subtree)];

  const search = (q: SearchQuery): SearchResult<WireSearchHit> => {
    const terms = q.keyword.split(/\s+/).filter(Boolean).slice(0, MAX_TERMS);
    const paging = { pageSize: q.pageSize, pageNum: q.pageNum };
    if (terms.length === 0) return { records: [], page: pageWindow(0, paging).current, pages: 0, total: 0 };

    const where = new Where();
    const sites = q.scope.filter((s) => SITES.includes(s.toUpperCase())).map((s) => s.toUpperCase());
    const scopeChannels = q.scope.filter((s) => !SITES.includes(s.toUpperCase())).flatMap(subtree);
    if (scopeChannels.length > 0) where.in('d.channelNo', scopeChannels);
    if (sites.length > 0 || scopeChannels.length === 0) where.in('d.site', sites.length > 0 ? sites : ['CN']);

    const long = terms.filter((t) => [...t].length >= TRIGRAM);
    const short = terms.filter((t) => [...t].length < TRIGRAM);
    let from = 'search_docs d';
    if (long.length > 0) {
      from = 'search_fts JOIN search_docs d ON d.docId = search_fts.rowid';
      where.raw('search_fts MATCH ?', long.map(quoteFts).join(' '));
    }
    for (const term of short) {
      const like = likeContains(term);
      where.raw(`(d.title LIKE ? ESCAPE '\\' OR d.description LIKE ? ESCAPE '\\' OR d.content LIKE ? ESCAPE '\\')`, like, like, like);
    }
    // Records whose title holds the first keyword come first, then the newest.
    const list = pagedList(prepare, from, where, `(d.title LIKE ? ESCAPE '\\') DESC, d.sortDate DESC, d.docId`, paging, (r) => toHit(r), {
      select: 'd.*',
      orderArgs: [likeContains(terms[0]!)],
    });
    return { records: list.records, page: list.current, pages: list.pages, total: list.total };
  };

  return {
    querySearchList: ({ body }) => {
      const { entity, param, size, page } = parseInput(searchListRequest, body);
      const paging = toPaging({ pageSize: param.pageSize ?? param.size ?? size, pageNum: param.pageNum ?? param.page ?? page });
      return search({ keyword: entity.title ?? '', scope: entity.channelNo ? [entity.channelNo] : [], ...paging });
    },
    cmsSearch: ({ body }) => {
      const b = parseInput(cmsSearchRequest, body);
      const scope = b.searchMap?.channelNo;
      return search({
        keyword: b.searchValue ?? '',
        scope: (Array.isArray(scope) ? scope : (scope ?? '').split(',')).map((s) => s.trim()).filter(Boolean),
        ...toPaging(b),
      });
    },
  };
}

function toHit(r: Record<string, unknown>): WireSearchHit {
  const text = (k: string): string => String(r[k] ?? '');
  const optional = (k: string): string | null => (r[k] === '' || r[k] === null || r[k] === undefined ? null : String(r[k]));
  const type = text('type') as SearchDocType;
  return {
    id: encodeId(SEARCH_DOC_KINDS[type], Number(r.id)),
    groupId: text('groupId'),
    channelId: encodeId('channel', Number(r.channelId)),
    channelNo: text('channelNo'),
    channelName: text('channelName'),
    type,
    title: text('title'),
    img: optional('img'),
    thumb: optional('img'),
    description: text('description'),
    content: text('content'),
    linkUrl: optional('linkUrl'),
    extension1: optional('extension1'),
    extension2: optional('extension2'),
    flag: optional('flag'),
  };
}

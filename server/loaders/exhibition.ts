// Exhibitions (channels Exhibition/BaseExh and TempExh): the lists in the exhibition layout, 6 a
// page, temporary ones filterable by on view / coming / past (`?type=`, the service's param.type), and
// one exhibition with its dotted date range, place, sanitized description, pictures, its place on the
// floor plan (base) or its exhibits (temporary). Records with their own linkUrl link out from lists.
import { TYPE_PARAM, mapPoint } from '../../shared/exhibits.ts';
import type { ExhibitionDetailData, ExhibitionKind, ExhibitionListData } from '../../shared/exhibition-views.ts';
import { t, type UiKey } from '../../shared/i18n.ts';
import { collectionPath } from '../../shared/iiif.ts';
import { isExternalUrl } from '../../shared/links.ts';
import { SITE_CODE, withSiteQuery } from '../../shared/site.ts';
import { excerpt, plainText } from '../../shared/text.ts';
import type { FilterLink } from '../../shared/view-parts.ts';
import type { Exhibit, ExhibitionBase, ExhibitionTemp, ListResult } from '../../shared/wire.ts';
import { descriptionHtml, filterHref } from './activity.ts';
import { notFound } from './page-errors.ts';
import { RECORD_ID } from '../../shared/ids.ts';
import {
  cardContext,
  exhibitCard,
  exhibitionCard,
  exhibitionDates,
  exhibitionFields,
  exhibitionKind,
  exhibitionListPath,
  pictureSources,
} from './exhibition-cards.ts';
import { fileList, galleryImage } from './attachments.ts';
import { pagedCall } from './list.ts';
import { siteUrl, type LoaderContext, type PageMeta } from './types.ts';

const EXHIBITION_PAGE_SIZE = 6;
/** A temporary exhibition shows at most this many exhibits (the collection lists hold the rest). */
const EXHIBITS_PER_EXHIBITION = 24;

/** The temporary exhibition states the service filters by (param.type), in menu order. */
const TEMP_STATES = ['current', 'upcoming', 'past'] as const;
type TempState = (typeof TEMP_STATES)[number];

const STATE_LABEL: Record<TempState | '', UiKey> = {
  '': 'exh.state.all',
  current: 'exh.state.current',
  upcoming: 'exh.state.upcoming',
  past: 'exh.state.past',
};

const LIST_CALL = { base: 'queryExhibitionBaseList', temp: 'queryExhibitionTempList' } as const;
const ONE_CALL = { base: 'queryExhibitionBaseById', temp: 'queryExhibitionTempById' } as const;

function kindOf(ctx: LoaderContext): ExhibitionKind {
  const kind = exhibitionKind(ctx.channel?.no ?? ctx.route.path.split('/')[2]);
  // The route table sends only BaseExh and TempExh here; anything else is a table mistake.
  if (!kind) throw notFound(`No exhibitions at ${ctx.url.pathname}`);
  return kind;
}

export async function exhibitionListLoader(ctx: LoaderContext): Promise<ExhibitionListData> {
  const kind = kindOf(ctx);
  const raw = (ctx.url.searchParams.get(TYPE_PARAM) ?? '').trim();
  // An unknown state shows every exhibition rather than an empty list.
  const state: TempState | '' = kind === 'temp' && (TEMP_STATES as readonly string[]).includes(raw) ? (raw as TempState) : '';
  const { records, ...paging } = await pagedCall<ExhibitionBase | ExhibitionTemp>(
    ctx,
    LIST_CALL[kind],
    // Multi-site services scope exhibitions by portal (`portalId`); sent only when PORTAL_ID is set.
    { languageType: SITE_CODE[ctx.lang], ...(ctx.site.portalId ? { portalId: ctx.site.portalId } : {}) },
    ctx.route.pageSize ?? EXHIBITION_PAGE_SIZE,
    state ? { type: state } : {},
  );
  const c = cardContext(ctx);
  const states: FilterLink[] =
    kind === 'temp'
      ? (['', ...TEMP_STATES] as const).map((value) => ({
          value,
          label: t(ctx.lang, STATE_LABEL[value]),
          href: filterHref(ctx.url, value),
          active: value === state,
        }))
      : [];
  return { kind, ...paging, states, items: records.map((e) => exhibitionCard(e, kind, c)) };
}

export async function exhibitionDetailLoader(ctx: LoaderContext): Promise<ExhibitionDetailData & { meta: PageMeta }> {
  const kind = kindOf(ctx);
  const id = ctx.params.id ?? '';
  if (!RECORD_ID.test(id)) throw notFound(`No exhibition ${id}`);
  const { data: e } = await ctx.api.call<ExhibitionBase | ExhibitionTemp>(ONE_CALL[kind], { params: { id }, requestId: ctx.requestId });
  if (!e || typeof e !== 'object' || exhibitionFields(e).id === undefined) throw notFound(`No exhibition ${id}`);
  // An exhibition of the other site is not a page of this address.
  if (e.languageType && e.languageType !== SITE_CODE[ctx.lang]) throw notFound(`Exhibition ${id} is not on the ${ctx.lang} site`);

  const c = cardContext(ctx);
  const { title, place } = exhibitionFields(e);
  const [files, exhibits] = await Promise.all([
    fileList(ctx, e.groupId, 'CMS_ARCHIVES_IMG'),
    kind === 'temp' && e.groupId
      ? ctx.api
          .call<ListResult<Exhibit>>('queryExhibitListByTemp', {
            body: { entity: { groupId: e.groupId }, param: { pageNum: 1, pageSize: EXHIBITS_PER_EXHIBITION } },
            requestId: ctx.requestId,
          })
          .then((r) => (Array.isArray(r.data?.records) ? r.data.records : []))
      : Promise.resolve([] as Exhibit[]),
  ]);
  const own = (e.linkUrl ?? '').trim();
  const card = exhibitionCard(e, kind, c);
  // The collection (server/discovery/iiif-manifests.ts) lists a temporary exhibition's exhibits: linked when it has some.
  const collection = kind === 'temp' && exhibits.length > 0 ? collectionPath(id) : null;
  const lead = e.thumb || e.appThumb;
  const image = pictureSources(lead, c, false);
  return {
    kind,
    id: card.id,
    title,
    ...exhibitionDates(e.startTime, e.endTime),
    place: (place ?? '').trim(),
    phase: card.phase,
    image,
    gallery: files.filter((f) => f.filePath && f.filePath !== lead).map((f) => galleryImage(f.filePath, f.description || title, c)),
    html: descriptionHtml(e.description, ctx.site.filePrefix),
    map: kind === 'base' && 'extension2' in e ? mapPoint(e.extension1, e.extension2) : null,
    ownSite: isExternalUrl(own) ? own : null,
    exhibits: exhibits.map((x) => exhibitCard(x, c)),
    iiif: collection ? { collection: siteUrl(ctx, collection) } : null,
    back: withSiteQuery(exhibitionListPath(kind, ctx.lang), ctx),
    meta: {
      title,
      description: excerpt(plainText(e.description), 120),
      // The picture the page shows (a store path becomes its URL below FILE_PREFIX).
      image: image[0],
      ...(collection ? { iiifManifest: collection } : {}),
      entity: {
        kind: 'event',
        type: 'ExhibitionEvent',
        name: title,
        start: e.startTime ?? '',
        end: e.endTime ?? '',
        place: (place ?? '').trim(),
        cancelled: false,
      },
    },
  };
}

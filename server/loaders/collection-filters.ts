// The filter rows of a collection list: type, level and period, each the list call's own filter
// (`exhibitType`, `exhibitLevel`, `age`), combinable in the address (`?type=QTQ&level=cms0801&age=商`), so
// a filtered list is one more cacheable, shareable page that works without JavaScript. Each row's values
// come from the service: the exhibit types, the EXHIBIT_LEVEL dictionary, and the `age` values of the
// collection's own records (the service has no dictionary of periods, and curators write the field
// freely). An address value the service did not list is ignored, so nothing else reaches a call.
//
// Counts: the list answer's `total` of the chosen filters is shown. Per-option counts are not: the
// service counts only by answering a list call, so they would cost one call per option for every
// combination of the other rows, and counting the records read here instead would guess how the service
// matches a filter (a count that disagrees with the list it links to is worse than none).
import { AGE_PARAM, LEVEL_PARAM, TYPE_PARAM, filterChoice, filterValue } from '../../shared/exhibits.ts';
import { t } from '../../shared/i18n.ts';
import { PAGE_PARAM } from '../../shared/pager.ts';
import { inTimeOrder } from '../../shared/periods.ts';
import { SITE_CODE } from '../../shared/site.ts';
import type { FilterLink } from '../../shared/view-parts.ts';
import type { Exhibit, ExhibitType, ListResult } from '../../shared/wire.ts';
import { UpstreamError } from '../upstream/upstream-error.ts';
import { DICTIONARY, dictionary, dictionaryName } from './dictionary.ts';
import type { LoaderContext } from './types.ts';

/** Exhibits per call when reading a collection's periods: the most a list call answers. */
const AGE_WALK_PAGE_SIZE = 100;
/**
 * Pages read at most: a larger collection offers the periods of its first objects (each page is an
 * answer of the content API's cache, shared by every filtered address of the list).
 */
const AGE_WALK_MAX_PAGES = 3;
/** Periods offered at most: a collection with more offers its most common ones. */
const MAX_AGE_OPTIONS = 30;

/** The filter parameters in the order an address carries them (one address per combination). */
const FILTER_PARAMS = [TYPE_PARAM, LEVEL_PARAM, AGE_PARAM] as const;
type FilterParam = (typeof FILTER_PARAMS)[number];
type ChosenFilters = Record<FilterParam, string>;

/**
 * The exhibit types of a language. A list that cannot get them still shows its exhibits (without
 * this filter), so a failed lookup is logged and read as no types.
 */
export async function exhibitTypes(ctx: LoaderContext): Promise<ExhibitType[]> {
  try {
    const { data } = await ctx.api.call<ListResult<ExhibitType>>('queryExhibitTypeList', {
      body: { entity: { languageType: SITE_CODE[ctx.lang] }, param: { pageNum: 0, pageSize: 0 } },
      requestId: ctx.requestId,
    });
    return (Array.isArray(data?.records) ? data.records : []).filter((x) => typeof x?.typeNo === 'string' && x.typeNo !== '');
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    ctx.logger.warn({ requestId: ctx.requestId, err: err.code }, 'exhibit types lookup failed; showing the list without them');
    return [];
  }
}

/**
 * The periods to offer from the `age` values of records: each distinct printable value once, the
 * `max` most common when there are more, in time order (shared/periods.ts).
 */
function ageOptions(ages: Iterable<string | null | undefined>, max: number = MAX_AGE_OPTIONS): string[] {
  // Bounded by the records read (AGE_WALK_MAX_PAGES pages).
  const counts = new Map<string, number>();
  for (const raw of ages) {
    const age = filterValue(raw);
    if (age) counts.set(age, (counts.get(age) ?? 0) + 1);
  }
  const common = new Set(
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, max)
      .map(([age]) => age),
  );
  return inTimeOrder([...counts.keys()].filter((age) => common.has(age)));
}

/**
 * The periods of a collection (`entity`: its own filter and language, no other), read in pages. A list
 * that cannot get them still shows its exhibits, so a failed read is logged and read as none.
 */
async function collectionAges(ctx: LoaderContext, entity: Record<string, unknown>): Promise<string[]> {
  const page = (pageNum: number) =>
    ctx.api.call<ListResult<Exhibit>>('queryExhibitList', {
      body: { entity, param: { pageNum, pageSize: AGE_WALK_PAGE_SIZE } },
      requestId: ctx.requestId,
    });
  try {
    const first = await page(1);
    const pages = Math.min(AGE_WALK_MAX_PAGES, Math.max(1, Number(first.data?.pages) || 1));
    const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => page(i + 2)));
    const records = [first, ...rest].flatMap(({ data }) => (Array.isArray(data?.records) ? data.records : []));
    return ageOptions(records.map((x) => x?.age));
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    ctx.logger.warn({ requestId: ctx.requestId, err: err.code }, 'collection periods lookup failed; showing the list without them');
    return [];
  }
}

/**
 * The list's address with one filter set (or cleared, value ''): the other chosen filters kept, in one
 * order, unknown ones dropped, the page reset to 1, every other parameter (the reading and messenger
 * modes) kept.
 */
function filteredHref(url: URL, chosen: ChosenFilters, param: FilterParam, value: string): string {
  const params = new URLSearchParams(url.search);
  params.delete(PAGE_PARAM);
  for (const name of FILTER_PARAMS) params.delete(name);
  const next = { ...chosen, [param]: value };
  for (const name of FILTER_PARAMS) if (next[name]) params.set(name, next[name]);
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

interface Option {
  value: string;
  label: string;
}

/** What each row offers: the values the service listed, with their labels. */
type FilterOptions = Record<FilterParam, readonly Option[]>;

/** A row of links: "all", then each option; none when there is nothing to choose from. */
function row(url: URL, chosen: ChosenFilters, param: FilterParam, all: string, options: readonly Option[]): FilterLink[] {
  if (options.length === 0) return [];
  const link = (value: string, label: string): FilterLink => ({
    value,
    label,
    href: filteredHref(url, chosen, param, value),
    active: chosen[param] === value,
  });
  return [link('', all), ...options.map((o) => link(o.value, o.label))];
}

/**
 * The one value an address gives a parameter. A parameter given twice with different values
 * (`?type=A&type=B`) chooses nothing: the list is not filtered by a guess at which one was meant.
 */
function singleParam(q: URLSearchParams, name: string): string {
  const values = new Set(q.getAll(name));
  return values.size === 1 ? ([...values][0] ?? '') : '';
}

interface CollectionFilters {
  /** What the list call adds to its entity: only the chosen filters, each a value the service listed. */
  entity: { exhibitType?: string; exhibitLevel?: string; age?: string };
  view: { type: string; types: FilterLink[]; level: string; levels: FilterLink[]; age: string; ages: FilterLink[] };
  options: FilterOptions;
}

const ALL_KEY = { type: 'col.allTypes', level: 'col.allLevels', age: 'col.allAges' } as const;

/** The call's entity and the rows for what the address chose among the options. */
function filtersOf(ctx: LoaderContext, options: FilterOptions, chosen: ChosenFilters): CollectionFilters {
  const rowOf = (param: FilterParam) => row(ctx.url, chosen, param, t(ctx.lang, ALL_KEY[param]), options[param]);
  return {
    entity: {
      ...(chosen.type ? { exhibitType: chosen.type } : {}),
      ...(chosen.level ? { exhibitLevel: chosen.level } : {}),
      ...(chosen.age ? { age: chosen.age } : {}),
    },
    view: { ...chosen, types: rowOf(TYPE_PARAM), levels: rowOf(LEVEL_PARAM), ages: rowOf(AGE_PARAM) },
    options,
  };
}

// ---- A service that does not filter by level ----
// The spec's list call names no `exhibitLevel` filter; a service that does not know it answers the list
// as if it were not there. Every record carries its level, so a record of another level in a list
// filtered by one shows it. Such a service is remembered for the process's life (keyed by the edge's
// site settings, one object per edge and so per service) and offered no level row: a link that filters
// nothing would claim a selection the list does not make.

const ignoresLevel = new WeakSet<LoaderContext['site']>();

/**
 * The filters as the service applied them: when a list asked for a level holds a record of another, the
 * service ignored the level, so the list is the one of the other filters, shown as such (no level chosen,
 * no level row); logged once per edge.
 */
export function asApplied(
  ctx: LoaderContext,
  filters: CollectionFilters,
  records: readonly Pick<Exhibit, 'exhibitLevel'>[],
): CollectionFilters {
  const level = filters.entity.exhibitLevel;
  if (!level || records.every((x) => x?.exhibitLevel === level)) return filters;
  if (!ignoresLevel.has(ctx.site)) {
    ignoresLevel.add(ctx.site);
    ctx.logger.warn(
      { requestId: ctx.requestId },
      'the content service ignores the exhibitLevel filter; collection lists offer no level row',
    );
  }
  return filtersOf(ctx, { ...filters.options, level: [] }, { ...filters.view, level: '' });
}

/** The filters of a collection list: what the address chose among what the service lists, and the rows. */
export async function collectionFilters(ctx: LoaderContext, collection: Record<string, unknown>): Promise<CollectionFilters> {
  const levelRow = !ignoresLevel.has(ctx.site);
  const [types, levels, ages] = await Promise.all([
    exhibitTypes(ctx),
    levelRow ? dictionary(ctx, DICTIONARY.exhibitLevel) : [],
    collectionAges(ctx, collection),
  ]);
  const options: FilterOptions = {
    type: types.map((x) => ({ value: x.typeNo, label: x.typeName || x.typeNo })),
    level: levels.map((d) => ({
      value: d.dictionaryValue,
      label: dictionaryName(levels, d.dictionaryValue, ctx.lang) || d.dictionaryValue,
    })),
    age: ages.map((age) => ({ value: age, label: age })),
  };
  const q = ctx.url.searchParams;
  const choose = (param: FilterParam) =>
    filterChoice(
      singleParam(q, param),
      options[param].map((o) => o.value),
    );
  return filtersOf(ctx, options, { type: choose(TYPE_PARAM), level: choose(LEVEL_PARAM), age: choose(AGE_PARAM) });
}

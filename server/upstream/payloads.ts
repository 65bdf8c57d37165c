// What the edge reads of the content service's answers, parsed as the deployed services send them: ids
// as strings (numbers accepted), every optional field nullable (null, absent and '' all read as ''),
// numbers also as numeric strings, unknown fields kept (the proxy passes the raw bytes; loaders ignore
// them), a list's page as `current` or `page`. Inside the edge the types of shared/wire.ts then hold.
// A record of a list that cannot be read is dropped; an answer that cannot be read at all is an
// UpstreamError('UPSTREAM_BAD_PAYLOAD'), which pages show as the friendly error page.
import { z } from 'zod';
import type { EndpointName } from '../../shared/endpoints.ts';

/** An id: a string or a number, as a non-empty string. */
const id = z.union([z.string().trim().min(1), z.number().finite().transform(String)]);
/** Optional text: null/absent → ''. Numbers are written as text (some services send codes as numbers). */
const text = z
  .union([z.string(), z.number().transform(String), z.boolean().transform(String)])
  .nullish()
  .catch('')
  .transform((v) => v ?? '');
/** A number, also as a numeric string; anything else (null, '', garbage) → 0. */
const num = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z
    .number()
    .finite()
    .nullish()
    .catch(0)
    .transform((v) => v ?? 0),
);
/** true/false, 1/0 or their strings; null or anything else → the default. */
const flag = (fallback: boolean) =>
  z
    .preprocess(
      (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
      z.boolean().nullish().catch(null),
    )
    .transform((v) => v ?? fallback);
const texts = <K extends string>(names: readonly K[]) => Object.fromEntries(names.map((n) => [n, text])) as Record<K, typeof text>;

const article = z.looseObject({
  archivesId: id,
  channelId: text,
  ...texts([
    'groupId',
    'channelNo',
    'channelName',
    'title',
    'subTitle',
    'publishDate',
    'parentChannelNo',
    'thumbImg',
    'thumbAppImg',
    'description',
    'content',
    'source',
    'linkUrl',
    'flag',
    'extension1',
    'extension2',
    'extension3',
    'extension4',
    'extension5',
    'extension6',
    'label',
    'excerpt',
    'updateTime',
  ]),
  isShowTitle: flag(true),
  visitCount: num,
  starCount: num,
});

interface ChannelIn {
  [key: string]: unknown;
}
const channel: z.ZodType<ChannelIn> = z.lazy(() =>
  z
    .looseObject({
      channelId: id,
      channelNo: z.string().trim().min(1),
      ...texts(['channelName', 'linkUrl', 'description', 'bannerPhotoPath', 'parent']),
      isVisible: flag(true),
      sort: num,
      isHome: flag(false),
      subChannel: z
        .array(z.unknown())
        .nullish()
        .transform((list) => readable(list ?? [], channel)),
    })
    .transform((c) => ({ ...c, isHome: c.isHome || c.channelNo === 'Home', linkUrl: c.linkUrl || '/' })),
);

const exhibitionTemp = z.looseObject({
  exhibitionTempId: id,
  ...texts([
    'groupId',
    'tempName',
    'description',
    'startTime',
    'endTime',
    'tempPlace',
    'linkUrl',
    'extension1',
    'thumb',
    'appThumb',
    'label',
    'languageType',
  ]),
  isRecommend: flag(false),
});
const exhibitionBase = z.looseObject({
  exhibitionBaseId: id,
  ...texts([
    'groupId',
    'baseName',
    'description',
    'startTime',
    'endTime',
    'basePlace',
    'extension1',
    'extension2',
    'extension3',
    'linkUrl',
    'thumb',
    'appThumb',
    'label',
    'languageType',
  ]),
});
const fileInfo = z.looseObject({
  fileInfoId: text,
  ...texts(['objectId', 'code', 'fileOldname', 'fileSuffix', 'description', 'fileName', 'filePath']),
});
const exhibit = z.looseObject({
  exhibitId: id,
  ...texts([
    'exhibitName',
    'exhibitType',
    'modelUrl',
    'exhibitLevel',
    'age',
    'ageDetail',
    'size',
    'description',
    'groupId',
    'explanationWord',
    'thumb',
    'appThumb',
    'collectionUnit',
    'extension6',
    'label',
    'generalType',
    'languageType',
  ]),
  isOwn: flag(true),
  isTreasure: flag(false),
  isRecommend: flag(false),
});
const exhibitType = z.looseObject({ exhibitTypeId: id, ...texts(['typeName', 'typeNo', 'backGroundImg']) });
const activity = z.looseObject({
  activityId: id,
  ...texts([
    'groupId',
    'activityName',
    'activityType',
    'activityVenueName',
    'description',
    'startTime',
    'endTime',
    'reserveStartTime',
    'reserveEndTime',
    'linkUrl',
    'thumb',
    'appThumb',
    'label',
    'languageType',
  ]),
  reserveType: num,
  reserveStatus: num,
  activityStatus: num,
  minAge: num,
  maxAge: num,
});
const searchHit = z.looseObject({
  id: id,
  channelId: text,
  ...texts([
    'groupId',
    'channelNo',
    'channelName',
    'type',
    'title',
    'img',
    'thumb',
    'description',
    'content',
    'linkUrl',
    'extension1',
    'extension2',
    'flag',
  ]),
});
const message = z.looseObject({
  messageId: id,
  ...texts(['source', 'content', 'createTime', 'email', 'name', 'phoneNumber', 'type', 'replyMessage', 'replyTime']),
});
const dictionaryEntry = z.looseObject({
  dictionaryId: text,
  dictionaryValue: z.union([z.string().trim().min(1), z.number().transform(String)]),
  ...texts(['dictionaryName', 'dictionaryNameEn']),
});
const questionnaire = z.looseObject({ questionnaireId: id, ...texts(['title', 'subTitle', 'createTime', 'startTime', 'endTime']) });
const answer = z.looseObject({ answerId: id, title: text, sort: num, selectCount: num, percent: num });
const detail = z.looseObject({
  questionnaireDetailId: text,
  questionId: id,
  title: text,
  isRequired: flag(false),
  isSingle: flag(true),
  isOther: flag(false),
  sort: num,
  answers: z
    .array(z.unknown())
    .nullish()
    .transform((list) => readable(list ?? [], answer)),
});
const withDetails = questionnaire.extend({
  details: z
    .array(z.unknown())
    .nullish()
    .transform((list) => readable(list ?? [], detail)),
});
const result = withDetails.extend({
  recordCount: num,
  otherTexts: z
    .record(z.string(), z.array(z.string()))
    .nullish()
    .catch(null)
    .transform((v) => v ?? {}),
});
const slider = z.looseObject({ id: id, ...texts(['title', 'filePath', 'content', 'linkUrl']), sort: num });
const visitCount = z.looseObject({ total: num, today: num, articleVisits: num, messages: num });
const report = z.looseObject({
  days: num,
  pv: num,
  uv: num,
  daily: z
    .array(z.looseObject({ date: text, pv: num, uv: num }))
    .nullish()
    .catch(null)
    .transform((v) => v ?? []),
});

/** The records of a list that can be read; the rest are dropped (counted by the caller's logs). */
function readable<T extends z.ZodType>(list: readonly unknown[], schema: T): Array<z.output<T>> {
  const out: Array<z.output<T>> = [];
  for (const item of list) {
    const parsed = schema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/** A paged list `{records, total, pages, current}`; `page` (search) is read as `current` and kept. */
const list = <T extends z.ZodType>(record: T) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? { records: v, total: v.length, pages: 1, current: 1 } : v),
    z
      .looseObject({
        records: z
          .array(z.unknown())
          .nullish()
          .transform((l) => readable(l ?? [], record)),
        total: num,
        pages: num,
        current: num.optional(),
        page: num.optional(),
        size: num.optional(),
      })
      .transform((l) => ({ ...l, current: l.current || l.page || 1, page: l.page || l.current || 1 })),
  );

/** An array of entries, also when the service wraps it as a list (`{records}`). */
const array = <T extends z.ZodType>(record: T) =>
  z.preprocess(
    (v) =>
      v && typeof v === 'object' && !Array.isArray(v) && Array.isArray((v as { records?: unknown }).records)
        ? (v as { records: unknown[] }).records
        : v,
    z
      .array(z.unknown())
      .nullish()
      .transform((l) => readable(l ?? [], record)),
  );

/** One record; `null` stays null (the loader says "not found"). */
const one = <T extends z.ZodType>(record: T) => record.nullable();

/** The channel tree: `{records: [...]}` or the array itself. */
const tree = z.preprocess((v) => (Array.isArray(v) ? { records: v } : v), z.looseObject({ records: array(channel) }));

/** The schema of each read endpoint's `data`; rows without one are passed on unparsed. */
const PAYLOADS: Partial<Record<EndpointName, z.ZodType>> = {
  queryAllChannel: tree,
  queryArchivesList: list(article),
  queryArchivesListByMulNo: list(article),
  queryArchivesById: one(article),
  queryArchivesByNo: one(article),
  getBaiduReport: report,
  queryExhibitionBaseList: list(exhibitionBase),
  queryExhibitionBaseById: one(exhibitionBase),
  queryExhibitionTempList: list(exhibitionTemp),
  queryExhibitionTempById: one(exhibitionTemp),
  queryExhibitList: list(exhibit),
  queryExhibitById: one(exhibit),
  queryExhibitListByTemp: list(exhibit),
  queryExhibitTypeList: list(exhibitType),
  queryDictionaryByCode: array(dictionaryEntry),
  queryActivityListByType: list(activity),
  queryActivityById: one(activity),
  queryFileList: list(fileInfo),
  querySearchList: list(searchHit),
  queryMessageList: list(message),
  getQuestionnairePageList: list(questionnaire),
  getQuestionnaireById: one(withDetails),
  getQuestionnaireResultInfo: one(result),
  getSiteVisitCount: visitCount,
  queryGalleryList: array(slider),
};

type PayloadResult = { ok: true; data: unknown } | { ok: false; problem: string };

/** Reads one answer's `data` by its endpoint's schema. */
export function readPayload(name: EndpointName, data: unknown): PayloadResult {
  const schema = PAYLOADS[name];
  if (!schema) return { ok: true, data };
  const parsed = schema.safeParse(data);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.map(String).join('.') : 'data';
  return { ok: false, problem: `${where}: ${issue?.message ?? 'unreadable'}` };
}

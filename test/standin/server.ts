// A stand-in content service that follows docs/content-service.md, independent of cms/: a plain
// node:http server that answers the way deployed services of this family do. Sibling gateways on one
// origin (content /japi/sw-cms/api/<call>, files /japi/sw-file-cloud, search /japi/sw-es, report
// /japi/sw-cms-zb), signed `token` + `appId` headers checked on every gateway call (401 envelope
// otherwise), `{"code":200,"msg":"成功","data":…}` envelopes, paging params as numbers or numeric
// strings, and file bytes under /file/<relative path>. Every gateway call is recorded in `calls`.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAesEcbCipher } from '../../shared/node/aes-ecb.ts';
import { signToken, verifyToken } from '../../shared/token.ts';
import { buildStandinData, chinaTime, knownFilePaths, type Row, type Site, type StandinData } from './data.ts';

export const STANDIN_APP_ID = 'standin-portal-7f3a';
/** 16 characters: AES-128. */
export const STANDIN_TOKEN_KEY = 'Qinglan#Standin1';
export const STANDIN_MAX_SKEW_MS = 300_000;

const GATEWAY = { content: '/japi/sw-cms/api', file: '/japi/sw-file-cloud', search: '/japi/sw-es', report: '/japi/sw-cms-zb/api' } as const;

export interface CallRecord {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  status: number;
}

export interface Standin {
  url: string;
  /** Gateway calls by endpoint name (`unknown` for paths it does not serve), rejected ones included. */
  calls: Record<string, CallRecord[]>;
  data: StandinData;
  /** The article's current counters. */
  article(id: string): { visitCount: number; starCount: number };
  close(): Promise<void>;
}

/** Headers a well-behaved client sends (the service's own tests use them). */
export function standinHeaders(now = Date.now(), key = STANDIN_TOKEN_KEY, appId = STANDIN_APP_ID): Record<string, string> {
  return { token: signToken({ cipher: createAesEcbCipher(key), now: () => now, random: Math.random }), appId };
}

// ---------------------------------------------------------------- envelopes and input

class Fail extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const envelope = (code: number, msg: string, data: unknown): string => JSON.stringify({ code, msg, data });

interface Ctx {
  params: Record<string, string>;
  query: Record<string, string>;
  body: Row;
}

const isObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const blank = (v: unknown): boolean => v === undefined || v === null || v === '';

/** A paging number: a number or a numeric string. */
function int(value: unknown, fallback: number, name: string): number {
  if (blank(value)) return fallback;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 0) throw new Fail(400, `参数${name}格式不正确`);
  return n;
}

const entityOf = (body: Row): Row => (isObject(body.entity) ? body.entity : {});
const paramOf = (body: Row): Row => (isObject(body.param) ? body.param : body);

interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** One page of `rows` (`pageSize` 0 with `pageNum` 0: all); pageNum 0 means the first page. */
function page<T>(rows: T[], param: Row, names = { num: 'pageNum', size: 'pageSize' }): Page<T> {
  const size = int(param[names.size], 10, names.size);
  const num = int(param[names.num], 1, names.num);
  if (size === 0) return { records: rows, total: rows.length, size: 0, current: num, pages: rows.length > 0 ? 1 : 0 };
  const current = Math.max(1, num);
  return {
    records: rows.slice((current - 1) * size, current * size),
    total: rows.length,
    size,
    current,
    pages: Math.ceil(rows.length / size),
  };
}

/** Keeps rows whose fields equal every non-blank filter (compared as text: `true` = `"true"`, 1 = `"1"`). */
function where(rows: Row[], filters: Row, keys: readonly string[]): Row[] {
  const wanted = keys.filter((k) => !blank(filters[k]));
  return rows.filter((r) => wanted.every((k) => String(r[k]) === String(filters[k])));
}

const byId = (rows: Row[], field: string, id: string | undefined): Row | null => rows.find((r) => r[field] === id) ?? null;
const newest = (field: string) => (a: Row, b: Row) => String(b[field]).localeCompare(String(a[field]));

// ---------------------------------------------------------------- the calls

type Handler = (ctx: Ctx) => unknown;

function handlers(data: StandinData, now: () => number) {
  const articleOr404 = (id: string | undefined): Row => {
    const a = byId(data.articles, 'archivesId', id);
    if (!a) throw new Fail(404, '文章不存在');
    return a;
  };
  const exhibitionPhase = (r: Row, today: string): string => {
    const start = String(r.startTime ?? '').slice(0, 10);
    const end = String(r.endTime ?? '').slice(0, 10);
    if (start > today) return 'upcoming';
    if (end && end < today) return 'past';
    return 'current';
  };
  const articleList: Handler = ({ body }) => {
    const entity = entityOf(body);
    const nos = String(entity.channelNo ?? entity.channelNos ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (nos.length === 0) throw new Fail(400, '栏目编号不能为空');
    const rows = data.articles.filter((a) => nos.includes(String(a.channelNo))).sort(newest('publishDate'));
    return { ...page(rows, paramOf(body)), searchCount: true };
  };
  const questionnaireResult = (q: Row): Row => {
    const records = data.questionnaireRecords.filter((r) => r.questionnaireId === q.questionnaireId);
    const details = (q.details as Row[]).map((d) => {
      const answered = records.filter((r) => (r.answers as Row[]).some((a) => a.questionId === d.questionId)).length;
      return {
        ...d,
        answers: (d.answers as Row[]).map((a) => {
          const selectCount = records.filter((r) =>
            (r.answers as Row[]).some((x) => (x.answerIds as unknown[]).includes(a.answerId)),
          ).length;
          return { ...a, selectCount, percent: answered ? Math.round((selectCount * 1000) / answered) / 10 : 0 };
        }),
      };
    });
    return { ...q, details, recordCount: records.length, otherTexts: {} };
  };

  const table: Record<string, Handler> = {
    queryAllChannel: ({ params }) => {
      const site = params.site === 'EN' ? 'EN' : params.site === 'CN' ? 'CN' : null;
      if (!site) throw new Fail(400, `站点${params.site}不存在`);
      return { records: data.channels[site] };
    },
    queryArchivesList: articleList,
    queryArchivesListByMulNo: articleList,
    queryArchivesById: ({ params }) => {
      const a = byId(data.articles, 'archivesId', params.id);
      if (!a) return null;
      a.visitCount = Number(a.visitCount) + 1;
      return a;
    },
    queryArchivesByNo: ({ params }) => data.articles.filter((a) => a.channelNo === params.channelNo).sort(newest('publishDate'))[0] ?? null,
    doStarByArcId: ({ params }) => {
      const a = articleOr404(params.id);
      a.starCount = Number(a.starCount) + 1;
      return null;
    },
    cancelStarByActId: ({ params }) => {
      const a = articleOr404(params.id);
      a.starCount = Math.max(0, Number(a.starCount) - 1);
      return null;
    },
    getBaiduReport: ({ params }) => {
      const days = int(params.n, 30, 'number') || 30;
      const daily = Array.from({ length: Math.min(days, 31) }, (_, i) => ({
        date: chinaTime(now() - i * 86_400_000).slice(0, 10),
        pv: 900 + i * 7,
        uv: 300 + i * 3,
      }));
      return { days, pv: daily.reduce((s, d) => s + d.pv, 0), uv: daily.reduce((s, d) => s + d.uv, 0), daily };
    },
    queryExhibitionBaseList: ({ body }) => page(where(data.exhibitionBases, entityOf(body), ['languageType', 'portalId']), paramOf(body)),
    queryExhibitionBaseById: ({ params }) => byId(data.exhibitionBases, 'exhibitionBaseId', params.id),
    queryExhibitionTempList: ({ body }) => {
      const param = paramOf(body);
      const today = chinaTime(now()).slice(0, 10);
      const state = String(param.type ?? '');
      const rows = where(data.exhibitionTemps, entityOf(body), ['languageType', 'isRecommend', 'portalId']).filter(
        (r) => !['current', 'upcoming', 'past'].includes(state) || exhibitionPhase(r, today) === state,
      );
      return page(rows.sort(newest('startTime')), param);
    },
    queryExhibitionTempById: ({ params }) => byId(data.exhibitionTemps, 'exhibitionTempId', params.id),
    queryExhibitList: ({ body }) => {
      const keys = ['exhibitType', 'isTreasure', 'isRecommend', 'generalType', 'languageType', 'isOwn', 'age'];
      const entity = entityOf(body);
      const rows = where(data.exhibits, entity, keys).filter(
        (x) => blank(entity.exhibitName) || String(x.exhibitName).includes(String(entity.exhibitName)),
      );
      return { ...page(rows, paramOf(body)), searchCount: true };
    },
    queryExhibitById: ({ params }) => byId(data.exhibits, 'exhibitId', params.id),
    queryExhibitListByTemp: ({ body }) => {
      const ids = data.tempExhibits[String(entityOf(body).groupId ?? '')] ?? [];
      return page(
        data.exhibits.filter((x) => ids.includes(String(x.exhibitId))),
        paramOf(body),
      );
    },
    queryExhibitTypeList: ({ body }) => page(where(data.exhibitTypes, entityOf(body), ['languageType']), paramOf(body)),
    queryDictionaryByCode: ({ query, body }) => {
      const code = query.dictionaryCode ?? (typeof body.dictionaryCode === 'string' ? body.dictionaryCode : '');
      if (!code) throw new Fail(400, '字典编码不能为空');
      return data.dictionaries[code] ?? [];
    },
    queryActivityListByType: ({ body }) =>
      page(where(data.activities, entityOf(body), ['activityType', 'languageType']).sort(newest('startTime')), paramOf(body)),
    queryActivityById: ({ params }) => byId(data.activities, 'activityId', params.id),
    queryFileList: ({ body }) => {
      const entity = entityOf(body);
      if (blank(entity.objectId)) throw new Fail(400, 'objectId不能为空');
      return page(where(data.files, entity, ['objectId', 'code']), paramOf(body));
    },
    querySearchList: ({ body }) => {
      const entity = entityOf(body);
      const param = paramOf(body);
      const site: Site | undefined = entity.channelNo === 'EN' || entity.channelNo === 'CN' ? entity.channelNo : undefined;
      const found = search(data, String(entity.title ?? ''), site);
      const names = blank(param.page) && blank(param.size) ? { num: 'pageNum', size: 'pageSize' } : { num: 'page', size: 'size' };
      const { records, total, current, pages } = page(found, param, names);
      return { records, page: current, pages, total };
    },
    cmsSearch: ({ body }) => {
      const { records, total, current, pages, size } = page(search(data, String(body.searchValue ?? ''), undefined), body);
      return { records, total, size, current, pages };
    },
    queryMessageList: ({ body }) => page(data.messages.filter((m) => m.isPublish === 1).sort(newest('createTime')), paramOf(body)),
    addMessage: ({ body }) => {
      const content = typeof body.content === 'string' ? body.content.trim() : '';
      if (!content) throw new Fail(400, '留言内容不能为空');
      const types = (data.dictionaries.MESSAGE_TYPE ?? []).map((d) => d.dictionaryValue);
      if (!blank(body.type) && !types.includes(body.type)) throw new Fail(400, `留言类型不存在：${String(body.type)}`);
      const text = (v: unknown): string | null => (blank(v) ? null : String(v));
      data.messages.push({
        messageId: randomBytes(16).toString('hex'),
        source: text(body.source),
        content,
        createTime: chinaTime(now()),
        email: text(body.email),
        name: text(body.name),
        phoneNumber: text(body.phoneNumber),
        type: text(body.type),
        replyMessage: null,
        replyTime: null,
        orgId: text(body.orgId),
        isPublish: 0,
      });
      return null;
    },
    getQuestionnairePageList: ({ body }) =>
      page(
        where(data.questionnaires, entityOf(body), ['languageType']).map(({ details: _d, ...q }) => q),
        paramOf(body),
      ),
    getQuestionnaireById: ({ params }) => byId(data.questionnaires, 'questionnaireId', params.id),
    addQuestionnaireRecord: ({ body }) => {
      const q = byId(data.questionnaires, 'questionnaireId', String(body.questionnaireId ?? ''));
      if (!q) throw new Fail(404, '问卷不存在');
      if (!Array.isArray(body.answers)) throw new Fail(400, '答案不能为空');
      data.questionnaireRecords.push({ questionnaireId: q.questionnaireId, answers: body.answers, createTime: chinaTime(now()) });
      return null;
    },
    getQuestionnaireResultInfo: ({ body }) => {
      const q = byId(data.questionnaires, 'questionnaireId', String(body.questionnaireId ?? ''));
      return q ? questionnaireResult(q) : null;
    },
    getSiteVisitCount: () => ({
      total: data.siteVisits.total,
      today: data.siteVisits.today,
      articleVisits: data.articles.reduce((s, a) => s + Number(a.visitCount), 0),
      messages: data.messages.length,
    }),
    queryGalleryList: ({ params }) => data.sliders[params.path ?? ''] ?? [],
  };
  return table;
}

function search(data: StandinData, key: string, site: Site | undefined): Row[] {
  const word = key.trim();
  if (!word) return [];
  return data.articles
    .filter((a) => (!site || a.languageType === site) && (String(a.title).includes(word) || String(a.content).includes(word)))
    .sort(newest('publishDate'))
    .map((a) => ({
      id: a.archivesId,
      groupId: a.groupId,
      channelId: a.channelId,
      channelNo: a.channelNo,
      channelName: a.channelName,
      type: 'archives',
      title: a.title,
      img: a.thumbImg,
      thumb: null,
      description: a.description,
      content: a.content,
      linkUrl: a.linkUrl,
      extension1: null,
      extension2: null,
      flag: null,
      score: 1.5,
    }));
}

// ---------------------------------------------------------------- routing

interface Route {
  name: string;
  methods: readonly string[];
  segments: string[];
}

const GET = ['GET'] as const;
const POST = ['POST'] as const;

/** [gateway, methods, path below the gateway, name]. */
const ROUTE_ROWS: ReadonlyArray<[keyof typeof GATEWAY, readonly string[], string, string]> = [
  ['content', GET, '/queryAllChannel/:site', 'queryAllChannel'],
  ['content', POST, '/queryArchivesList', 'queryArchivesList'],
  ['content', POST, '/queryArchivesListByMulNo', 'queryArchivesListByMulNo'],
  ['content', GET, '/queryArchivesById/:id', 'queryArchivesById'],
  ['content', GET, '/queryArchivesByNo/:channelNo', 'queryArchivesByNo'],
  ['content', GET, '/doStarByArcId/:id', 'doStarByArcId'],
  ['content', GET, '/cancelStarByActId/:id', 'cancelStarByActId'],
  ['report', GET, '/getBaiduReport/:n', 'getBaiduReport'],
  ['content', POST, '/queryExhibitionBaseList', 'queryExhibitionBaseList'],
  ['content', GET, '/queryExhibitionBaseById/:id', 'queryExhibitionBaseById'],
  ['content', POST, '/queryExhibitionTempList', 'queryExhibitionTempList'],
  ['content', GET, '/queryExhibitionTempById/:id', 'queryExhibitionTempById'],
  ['content', POST, '/queryExhibitList', 'queryExhibitList'],
  ['content', GET, '/queryExhibitById/:id', 'queryExhibitById'],
  ['content', POST, '/queryExhibitListByTemp', 'queryExhibitListByTemp'],
  ['content', POST, '/queryExhibitTypeList', 'queryExhibitTypeList'],
  ['content', POST, '/queryDictionaryByCode', 'queryDictionaryByCode'],
  ['content', POST, '/queryActivityListByType', 'queryActivityListByType'],
  ['content', GET, '/queryActivityById/:id', 'queryActivityById'],
  ['file', POST, '/refFileObject/queryPageList', 'queryFileList'],
  ['content', POST, '/querySearchList', 'querySearchList'],
  ['search', POST, '/cmsSearch', 'cmsSearch'],
  ['content', POST, '/queryMessageList', 'queryMessageList'],
  ['content', POST, '/addMessage', 'addMessage'],
  ['content', POST, '/getQuestionnairePageList', 'getQuestionnairePageList'],
  ['content', ['GET', 'POST'], '/getQuestionnaireById/:id', 'getQuestionnaireById'],
  ['content', POST, '/addQuestionnaireRecord', 'addQuestionnaireRecord'],
  ['content', POST, '/getQuestionnaireResultInfo', 'getQuestionnaireResultInfo'],
  ['content', POST, '/getSiteVisitCount', 'getSiteVisitCount'],
  ['content', GET, '/queryGalleryList/:path', 'queryGalleryList'],
];

const ROUTES: Route[] = ROUTE_ROWS.map(([gateway, methods, path, name]) => ({
  name,
  methods,
  segments: `${GATEWAY[gateway]}${path}`.split('/'),
}));

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function route(method: string, path: string): { name: string; params: Record<string, string> } | null {
  const parts = path.split('/');
  for (const r of ROUTES) {
    if (r.segments.length !== parts.length || !r.methods.includes(method)) continue;
    const params: Record<string, string> = {};
    const ok = r.segments.every((seg, i) => {
      if (seg.startsWith(':')) {
        params[seg.slice(1)] = safeDecode(parts[i]!);
        return parts[i] !== '';
      }
      return seg === parts[i];
    });
    if (ok) return { name: r.name, params };
  }
  return null;
}

// ---------------------------------------------------------------- files

/** An 8×8 baseline JPEG. */
const JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKQAC3//2Q==',
  'base64',
);

function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 12 Tf 20 50 Td (Stand-in PDF) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
const PDF = tinyPdf();

/** The stored original of a path: `THUMB/x.jpg` and `WATER/x_IMAGE_REMARK.jpg` are renditions of `x.jpg`. */
function originalOf(path: string): string {
  return path.replace(/\/THUMB\/([^/]+)$/, '/$1').replace(/\/WATER\/([^/]+)_IMAGE_REMARK(\.[a-z]+)$/, '/$1$2');
}

function serveFile(res: ServerResponse, method: string, rel: string, known: Set<string>): void {
  const original = originalOf(rel);
  const bytes = !known.has(original) ? null : original.endsWith('.jpg') ? JPEG : original.endsWith('.pdf') ? PDF : null;
  if (!bytes) {
    send(res, 404, envelope(404, '文件不存在', null));
    return;
  }
  res.writeHead(200, {
    'content-type': original.endsWith('.jpg') ? 'image/jpeg' : 'application/pdf',
    'content-length': bytes.length,
    'cache-control': 'public, max-age=86400',
  });
  res.end(method === 'HEAD' ? undefined : bytes);
}

// ---------------------------------------------------------------- the server

function send(res: ServerResponse, status: number, json: string): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new Fail(400, '请求体不是合法的JSON');
  }
}

function authProblem(req: IncomingMessage, cipher: ReturnType<typeof createAesEcbCipher>): string | null {
  const token = req.headers.token;
  const verdict = verifyToken(typeof token === 'string' ? token : undefined, { cipher, now: Date.now }, STANDIN_MAX_SKEW_MS);
  if (!verdict.ok) return `token无效（${verdict.reason}）`;
  if (req.headers.appid !== STANDIN_APP_ID) return 'appId无效';
  return null;
}

export async function startStandin(options: { now?: () => number } = {}): Promise<Standin> {
  const now = options.now ?? Date.now;
  const data = buildStandinData(now());
  const known = knownFilePaths(data);
  const table = handlers(data, now);
  const cipher = createAesEcbCipher(STANDIN_TOKEN_KEY);
  const calls: Record<string, CallRecord[]> = {};

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/file/') && (method === 'GET' || method === 'HEAD')) {
      serveFile(res, method, safeDecode(url.pathname.slice('/file/'.length)), known);
      return;
    }
    const found = route(method, url.pathname);
    const query = Object.fromEntries(url.searchParams);
    const record: CallRecord = { method, path: url.pathname, query, body: undefined, status: 0 };
    (calls[found?.name ?? 'unknown'] ??= []).push(record);
    const answer = (status: number, json: string) => {
      record.status = status;
      send(res, status, json);
    };
    void (async () => {
      const body = method === 'POST' ? await readBody(req) : (req.resume(), {});
      record.body = body;
      if (!found) return answer(404, envelope(404, `接口不存在：${method} ${url.pathname}`, null));
      const problem = authProblem(req, cipher);
      if (problem) return answer(401, envelope(401, problem, null));
      const result = table[found.name]!({ params: found.params, query, body: isObject(body) ? body : {} });
      answer(200, envelope(200, '成功', result ?? null));
    })().catch((err: unknown) => {
      if (err instanceof Fail) answer(err.status, envelope(err.status, err.message, null));
      else answer(500, envelope(500, '系统繁忙', null));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    data,
    article(id) {
      const a = data.articles.find((r) => r.archivesId === id);
      if (!a) throw new Error(`the stand-in has no article ${id}`);
      return { visitCount: Number(a.visitCount), starCount: Number(a.starCount) };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

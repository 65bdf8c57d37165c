// Operator routes behind ADMIN_TOKEN (they do not exist without it). The token is accepted as
// `Authorization: Bearer <token>` or as the password of HTTP Basic auth (any user name), so a browser
// can open the console:
//   GET    /_edge/          the operator console (HTML; server-rendered, no script)
//   GET    /_edge/cache     entries, bytes, hit ratio, and the same per endpoint with upstream p50/p95
//   POST   /_edge/purge     {"all": true} | {"prefix": "/api/queryArchives"} | {"tag": "channel:News"}
//                           (or the console's form: a confirmation page first)
//   GET    /_edge/rules     the lifetime in force for every read endpoint and where it came from
//   PUT    /_edge/rules     {"queryAllChannel": 600, "queryArchivesList": null}: set (null: drop) API rules
//   DELETE /_edge/rules     drop every API rule
//   POST   /_edge/rules     the console's form (replaces the API rules with the fields filled in)
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { checkCacheRules, type CacheRules } from '../config.ts';
import { setRouteId } from '../http/request-log.ts';
import { sendJsonError } from '../http/error-answers.ts';
import { matcher, type PurgeSelector } from '../cache/kit.ts';
import type { ResponseCache } from '../cache/response-cache.ts';
import { renderConsole, renderMessage, renderPurgeConfirm, type ConsoleView, type PurgeRecord } from './console-html.ts';
import type { OperatorParts } from './operator.ts';

const purgeBody = z.union([
  z.object({ all: z.literal(true) }).strict(),
  z.object({ prefix: z.string().min(1) }).strict(),
  z.object({ tag: z.string().min(1) }).strict(),
]);

interface AdminOptions {
  token: string;
  cache: ResponseCache;
  /** More stats for GET /_edge/cache (e.g. the page cache). */
  extraStats?: () => Record<string, unknown>;
  operator?: OperatorParts;
  /** The cluster worker answering; null (or left out) outside a cluster. */
  worker?: { id: number; pid: number } | null;
}

/** Purges kept for the console and GET /_edge/cache. */
const PURGE_LOG_SIZE = 20;

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The token from a Bearer header, or the password of a Basic one; null when neither. */
function presentedToken(header: string | undefined): string | null {
  const bearerMatch = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (bearerMatch) return bearerMatch[1]!.trim();
  const basicMatch = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (basicMatch) {
    const decoded = Buffer.from(basicMatch[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon === -1 ? null : decoded.slice(colon + 1);
  }
  return null;
}

/** The console's pages (HTML): a browser gets the Basic challenge and shows its password prompt. */
const isConsolePath = (req: Request) => {
  const path = (req.originalUrl ?? req.url).split('?')[0];
  return path === '/_edge' || path === '/_edge/' || req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';
};

function authorize(token: string): RequestHandler {
  const expected = digest(token);
  return (req, res, next) => {
    const presented = presentedToken(req.headers.authorization);
    if (presented !== null && timingSafeEqual(digest(presented), expected)) {
      next();
      return;
    }
    if (isConsolePath(req)) {
      res.set('WWW-Authenticate', 'Basic realm="edge", charset="UTF-8"');
      res
        .status(401)
        .type('html')
        .send(renderMessage('Sign in', 'The console needs the admin token: use it as the password (any user name).'));
      return;
    }
    res.set('WWW-Authenticate', 'Bearer realm="edge", Basic realm="edge"');
    sendJsonError(res, {
      status: 401,
      code: 401,
      msg: presented !== null ? 'The admin token is wrong' : 'Authorization: Bearer <ADMIN_TOKEN> is required',
    });
  };
}

function describe(selector: PurgeSelector): string {
  if ('all' in selector) return 'everything';
  if ('prefix' in selector) return `prefix ${selector.prefix}`;
  if ('tag' in selector) return `tag ${selector.tag}`;
  return `tags ${selector.allTags.join(' + ')}`;
}

/** How many entries a purge would remove now (the cache's own matching, for the confirmation page). */
function matchingCount(cache: ResponseCache, selector: PurgeSelector): number {
  if ('all' in selector) return cache.stats().entries;
  const matches = matcher(selector);
  let n = 0;
  for (const entry of cache.entries()) if (matches(entry.key, entry.tags)) n += 1;
  return n;
}

/** What the route groups below share: the cache, the operator parts, the form guard and the purge log. */
interface AdminState {
  cache: ResponseCache;
  operator: OperatorParts | undefined;
  now: () => number;
  /** The value console forms carry (see consoleCsrf). */
  csrf: string;
  csrfOk: (req: Request) => boolean;
  purges: PurgeRecord[];
  purge: (selector: PurgeSelector, via: PurgeRecord['via']) => ReturnType<ResponseCache['purge']>;
}

/**
 * Forms carry this value: a page on another site cannot know it, so it cannot make a signed-in browser
 * purge or change rules (the Basic credentials would otherwise go along with its post).
 */
function consoleCsrf(token: string): { csrf: string; csrfOk: (req: Request) => boolean } {
  const csrf = createHmac('sha256', token).update('edge-console-form').digest('base64url').slice(0, 32);
  const csrfOk = (req: Request) => {
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
    const field = (req.body as Record<string, unknown> | undefined)?.csrf;
    const sent = typeof field === 'string' ? field : '';
    return sent.length === csrf.length && timingSafeEqual(Buffer.from(sent), Buffer.from(csrf));
  };
  return { csrf, csrfOk };
}

/** A purge of the answer cache, logged (the last PURGE_LOG_SIZE kept) with the pages it took along. */
function purger(cache: ResponseCache, operator: OperatorParts | undefined, now: () => number): Pick<AdminState, 'purges' | 'purge'> {
  const purges: PurgeRecord[] = [];
  const purge: AdminState['purge'] = (selector, via) => {
    const pagesBefore = operator?.pageStats()?.entries ?? null;
    const removed = cache.purge(selector);
    const pagesAfter = operator?.pageStats()?.entries ?? null;
    const record: PurgeRecord = {
      at: now(),
      selector: describe(selector),
      purged: removed.length,
      pages: pagesBefore === null || pagesAfter === null ? null : Math.max(0, pagesBefore - pagesAfter),
      via,
    };
    purges.push(record);
    if (purges.length > PURGE_LOG_SIZE) purges.shift();
    operator?.logger.info({ purge: record }, `cache purge (${record.selector}): ${record.purged} entries`);
    return removed;
  };
  return { purges, purge };
}

const refusedForm = (res: Response) =>
  res.status(403).type('html').send(renderMessage('Refused', 'This form did not come from the console. Open the console and try again.'));

const consoleForm = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 200 });

/** The console's purge form: a confirmation page first, then the purge and back to the console. */
function purgeForm(state: AdminState, req: Request, res: Response): void {
  if (!state.csrfOk(req)) {
    refusedForm(res);
    return;
  }
  const body = req.body as Record<string, string | undefined>;
  const kind = body.kind ?? '';
  const value = (body.value ?? '').trim();
  let selector: PurgeSelector;
  if (kind === 'all') selector = { all: true };
  else if ((kind === 'prefix' || kind === 'tag') && value !== '' && value.length <= 512)
    selector = kind === 'prefix' ? { prefix: value } : { tag: value };
  else {
    res.status(400).type('html').send(renderMessage('Nothing to purge', 'Give a prefix or a tag, or choose everything.'));
    return;
  }
  if (body.confirm !== 'yes') {
    res.type('html').send(
      renderPurgeConfirm({
        selector: { kind, value: kind === 'all' ? '' : value },
        description: describe(selector),
        matching: matchingCount(state.cache, selector),
        csrf: state.csrf,
      }),
    );
    return;
  }
  const removed = state.purge(selector, 'console');
  res.redirect(303, `/_edge/?purged=${removed.length}#purge`);
}

/** GET /_edge/cache and POST /_edge/purge (JSON, or the console's form). */
function cacheRoutes(router: Router, state: AdminState, { extraStats, worker }: Pick<AdminOptions, 'extraStats' | 'worker'>): void {
  // With WEB_CONCURRENCY > 1 these figures (entries, hit ratios, recent purges) are the answering worker's
  // own, and `worker` says which one (every answer also carries X-Edge-Worker); /metrics has the totals.
  const { cache, operator } = state;
  router.get('/_edge/cache', (_req, res) => {
    res.json({
      ...(worker ? { worker: { ...worker, scope: 'this worker only; /metrics sums every worker' } } : {}),
      upstream: cache.stats(),
      ...extraStats?.(),
      ...(operator ? { endpoints: operator.stats.figures(), recentPurges: state.purges } : {}),
    });
  });

  router.post('/_edge/purge', express.json({ limit: '4kb' }), consoleForm, (req, res) => {
    if (req.is('application/x-www-form-urlencoded')) {
      purgeForm(state, req, res);
      return;
    }
    const parsed = purgeBody.safeParse(req.body);
    if (!parsed.success) {
      sendJsonError(res, { status: 400, code: 400, msg: 'Send {"all": true}, {"prefix": "…"} or {"tag": "…"}' });
      return;
    }
    const removed = state.purge(parsed.data as PurgeSelector, 'api');
    res.json({ code: 200, msg: 'purged', data: { purged: removed.length, keys: removed.slice(0, 100).map((r) => r.key) } });
  });
}

/** GET, PUT and DELETE /_edge/rules: the lifetimes in force and the API rules (JSON). */
function rulesApiRoutes(router: Router, operator: OperatorParts): void {
  const { rules, rulesFile } = operator;
  const rulesView = () => ({
    endpoints: rules.effective(),
    api: rules.api(),
    file: rulesFile ? { path: rulesFile.path, rules: rules.file(), problem: rulesFile.problem } : null,
    precedence: ['api', 'CACHE_RULES', 'CACHE_RULES_FILE', 'CACHE_TTL_S', 'catalogue'],
    persistence:
      'API rules are kept in memory, the same on every worker: a restart of the edge drops them (put lasting rules in CACHE_RULES_FILE)',
  });

  router.get('/_edge/rules', (_req, res) => {
    res.json(rulesView());
  });
  router.put('/_edge/rules', express.json({ limit: '16kb' }), (req, res) => {
    if (!req.is('application/json')) {
      sendJsonError(res, { status: 415, code: 415, msg: 'Send the rules as application/json, e.g. {"queryAllChannel": 600}' });
      return;
    }
    const { rules: asked, problems } = checkCacheRules(req.body, { allowNull: true });
    if (problems.length > 0) {
      sendJsonError(res, { status: 400, code: 400, msg: `Rules refused, nothing changed: ${problems.join('; ')}` });
      return;
    }
    const next: Partial<Record<string, number>> = { ...rules.api() };
    for (const [name, seconds] of Object.entries(asked)) {
      if (seconds === null) delete next[name];
      else next[name] = seconds;
    }
    rules.setApi(next as CacheRules);
    operator.logger.info({ rules: asked }, 'cache rules changed through the operator API');
    res.json(rulesView());
  });
  router.delete('/_edge/rules', (_req, res) => {
    rules.setApi({});
    operator.logger.info('operator API rules dropped');
    res.json(rulesView());
  });
}

/** The rules form's `ttl.<endpoint>` fields: as typed (to show them again) and as asked (empty ones left out). */
function rulesFormFields(body: Record<string, unknown>): { typed: Record<string, string>; asked: Record<string, unknown> } {
  const typed: Record<string, string> = {};
  const asked: Record<string, unknown> = {};
  for (const [field, raw] of Object.entries(body)) {
    if (!field.startsWith('ttl.') || typeof raw !== 'string') continue;
    const name = field.slice(4);
    typed[name] = raw;
    const value = raw.trim();
    if (value === '') continue;
    asked[name] = /^\d+$/.test(value) ? Number(value) : value;
  }
  return { typed, asked };
}

/** GET /_edge (the console page) and POST /_edge/rules (its rules form). */
function consoleRoutes(router: Router, state: AdminState, operator: OperatorParts): void {
  const { rules, rulesFile, stats, history, readiness } = operator;
  async function consoleView(extra: Partial<ConsoleView> = {}): Promise<ConsoleView> {
    return {
      now: state.now(),
      ready: await readiness.check(),
      upstream: state.cache.stats(),
      pages: operator.pageStats(),
      endpoints: stats.figures(),
      rules: rules.effective(),
      apiRules: rules.api(),
      rulesFile: rulesFile ? { path: rulesFile.path, problem: rulesFile.problem, loadedAt: rulesFile.loadedAt } : null,
      purges: state.purges,
      samples: history.samples(),
      csrf: state.csrf,
      ...extra,
    };
  }

  router.get('/_edge', async (req, res) => {
    const purged = typeof req.query.purged === 'string' && /^\d+$/.test(req.query.purged) ? Number(req.query.purged) : null;
    const notice =
      purged !== null
        ? `Purged ${purged} cached answer${purged === 1 ? '' : 's'}.`
        : req.query.rules === 'applied'
          ? 'Rules applied.'
          : undefined;
    res.type('html').send(renderConsole(await consoleView({ notice })));
  });

  router.post('/_edge/rules', consoleForm, async (req, res) => {
    if (!req.is('application/x-www-form-urlencoded') || !state.csrfOk(req)) {
      refusedForm(res);
      return;
    }
    const { typed, asked } = rulesFormFields(req.body as Record<string, unknown>);
    const { rules: checked, problems } = checkCacheRules(asked);
    if (problems.length > 0) {
      res
        .status(400)
        .type('html')
        .send(renderConsole(await consoleView({ errors: problems, typed })));
      return;
    }
    rules.setApi(checked as CacheRules);
    operator.logger.info({ rules: checked }, 'cache rules changed in the operator console');
    res.redirect(303, '/_edge/?rules=applied#rules');
  });
}

export function adminRouter({ token, cache, extraStats, operator, worker }: AdminOptions): Router {
  const router = Router();
  const now = operator?.now ?? Date.now;
  const state: AdminState = { cache, operator, now, ...consoleCsrf(token), ...purger(cache, operator, now) };

  router.use('/_edge', (_req, res, next) => {
    setRouteId(res, 'edge-admin');
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.use('/_edge', authorize(token));
  cacheRoutes(router, state, { extraStats, worker });
  if (!operator) return router;
  rulesApiRoutes(router, operator);
  consoleRoutes(router, state, operator);
  return router;
}

/** Without ADMIN_TOKEN the operator routes do not exist: a plain 404 for everything under /_edge. */
export const absentAdminRoutes: RequestHandler = (req, res) => {
  setRouteId(res, 'edge-admin');
  sendJsonError(res, { status: 404, code: 404, msg: `No such endpoint: ${req.method} ${req.originalUrl.split('?')[0]}` });
};

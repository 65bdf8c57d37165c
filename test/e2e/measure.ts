// Measuring tools of the browser suite's first-visit and speculation files:
// - an edge recorder: a second listener on the world's own edge handler that notes every request as it
//   arrives (path, Sec-Purpose) and when it was answered, so a test waits for a request to reach the
//   edge (a cause), never for a time;
// - a network meter: the encoded bytes of every response of one Chromium page, from the CDP Network
//   domain (`Network.loadingFinished.encodedDataLength` less the response's header bytes: the body as
//   it travelled, compressed; headers not counted);
// - a page's problems: console errors, page errors, CSP violations and hydration errors;
// - a tab-target Chromium: Playwright attaches to page targets, and Chromium refuses to prerender while
//   such a DevTools session is attached (`PrerenderingDisabledByDevTools`); a session attached to the tab
//   target, as DevTools itself does, lets the browser prerender as it would for a visitor.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, ConsoleMessage, Page } from 'playwright-core';
import { WebSocket } from 'undici';
import { CHROMIUM_ARGS } from '../../scripts/chromium.ts';
import type { EdgeApp } from '../../server/app.ts';
import { beforeDeadline } from '../world/deadline.ts';
import { program } from '../world/programs.ts';
import { closeServer, listen } from '../world/world.ts';

/** A watchdog on waits that end because of something the test arranged; far above any answer's time. */
export const WATCHDOG_MS = 15_000;

export const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

// ---------------------------------------------------------------------------------------------------
// The edge recorder

export interface EdgeRequest {
  /** Order of arrival. */
  seq: number;
  method: string;
  /** The path and query as the client sent them. */
  url: string;
  /** The Sec-Purpose header (prefetch, prefetch;prerender), when there was one. */
  purpose: string | undefined;
  userAgent: string | undefined;
  /** The answer's status once answered (undefined until then). */
  status: number | undefined;
  /** Settles when the answer is finished or the client went away. */
  answered: Promise<void>;
}

export interface EdgeRecorder {
  /** The recorder's base URL: the same edge (same page cache, visit counter and pending opens) on its own port. */
  url: string;
  requests: EdgeRequest[];
  /** Requests that arrived after the mark (a `requests.length` taken before). */
  since(mark: number): EdgeRequest[];
  /** The first request (from `from` on) that matches, as soon as it arrives; rejects after the watchdog naming `what`. */
  arrival(match: (r: EdgeRequest) => boolean, what: string, from?: number): Promise<EdgeRequest>;
  close(): Promise<void>;
}

export const isSpeculative = (r: EdgeRequest): boolean => r.purpose !== undefined;
export const pathOf = (r: EdgeRequest): string => new URL(r.url, 'http://edge').pathname;

/** Listens on 127.0.0.1 port 0 with `edge.handler` behind a recorder of every request. */
export async function recordEdge(edge: EdgeApp): Promise<EdgeRecorder> {
  const requests: EdgeRequest[] = [];
  const waiters: Array<{ match: (r: EdgeRequest) => boolean; from: number; resolve: (r: EdgeRequest) => void }> = [];
  const note = (req: IncomingMessage, answered: Promise<void>): EdgeRequest => {
    const header = (name: string): string | undefined => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    return {
      seq: requests.length,
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      purpose: header('sec-purpose'),
      userAgent: header('user-agent'),
      status: undefined,
      answered,
    };
  };
  const server: Server = createServer((req, res) => {
    let done!: () => void;
    const answered = new Promise<void>((resolve) => (done = resolve));
    const entry = note(req, answered);
    requests.push(entry);
    res.on('finish', () => {
      entry.status = res.statusCode;
      done();
    });
    res.on('close', () => done());
    for (const w of [...waiters]) {
      if (entry.seq >= w.from && w.match(entry)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(entry);
      }
    }
    edge.handler(req, res);
  });
  const url = await listen(server);
  return {
    url,
    requests,
    since: (mark) => requests.slice(mark),
    arrival(match, what, from = 0) {
      const already = requests.slice(from).find(match);
      if (already) return Promise.resolve(already);
      return beforeDeadline(new Promise<EdgeRequest>((resolve) => waiters.push({ match, from, resolve })), WATCHDOG_MS, what);
    },
    close: () => closeServer(server),
  };
}

// ---------------------------------------------------------------------------------------------------
// The network meter (Playwright page, CDP Network domain)

export interface Transfer {
  url: string;
  /** CDP resource type (Document, Script, Image, …). */
  type: string;
  mimeType: string;
  status: number;
  /** Encoded (compressed) body bytes as received, response headers not counted. */
  bodyBytes: number;
  headerBytes: number;
  /** 0-based order in which the meter saw the request start. */
  order: number;
}

export interface NetworkMeter {
  /** Finished transfers in the order they started. */
  transfers(): Transfer[];
  /** Requests started and not yet finished or failed. */
  inFlight(): number;
  /** Resolves once nothing is in flight (at once when nothing is). */
  quiet(what: string): Promise<void>;
  /** How many requests the meter has seen start (a mark for `transfers().filter(t => t.order >= mark)`). */
  started(): number;
}

export const isScript = (t: Transfer): boolean =>
  /javascript|ecmascript/i.test(t.mimeType) || (t.type === 'Script' && !/json/i.test(t.mimeType));

export async function meterNetwork(cdp: CDPSession): Promise<NetworkMeter> {
  interface Pending {
    url: string;
    type: string;
    mimeType: string;
    status: number;
    headerBytes: number;
    order: number;
  }
  const pending = new Map<string, Pending>();
  const done: Transfer[] = [];
  let order = 0;
  let quietWaiters: Array<() => void> = [];
  const settle = (): void => {
    if (pending.size > 0) return;
    const waiting = quietWaiters;
    quietWaiters = [];
    for (const w of waiting) w();
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    // A redirect reuses the request id: the earlier hop is done (its bytes are small and not a script).
    pending.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', mimeType: '', status: 0, headerBytes: 0, order: order++ });
  });
  cdp.on('Network.responseReceived', (e) => {
    const p = pending.get(e.requestId);
    if (!p) return;
    p.type = e.type;
    p.mimeType = e.response.mimeType;
    p.status = e.response.status;
    p.headerBytes = e.response.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const p = pending.get(e.requestId);
    if (!p) return;
    pending.delete(e.requestId);
    done.push({ ...p, bodyBytes: Math.max(0, e.encodedDataLength - p.headerBytes) });
    settle();
  });
  cdp.on('Network.loadingFailed', (e) => {
    pending.delete(e.requestId);
    settle();
  });
  await cdp.send('Network.enable');
  return {
    transfers: () => [...done].sort((a, b) => a.order - b.order),
    inFlight: () => pending.size,
    started: () => order,
    quiet: (what) =>
      pending.size === 0 ? Promise.resolve() : beforeDeadline(new Promise<void>((r) => quietWaiters.push(r)), WATCHDOG_MS, what),
  };
}

// ---------------------------------------------------------------------------------------------------
// A page's problems

export interface PageProblems {
  console: string[];
  pageErrors: string[];
  /** "Refused to …" console lines and `securitypolicyviolation` events. */
  csp: string[];
  /** React's hydration warnings and the islands' "island hydration error". */
  hydration: string[];
}

const HYDRATION = /hydrat|did not match|server rendered html|text content does not match/i;
const CSP_CONSOLE = /^Refused to |Content Security Policy/;

/**
 * Records a page's problems from now on. The page's own 4xx status (the not-found page) is the one
 * console error allowed: Chromium logs it as "Failed to load resource", and the test asserts the status.
 */
export async function watchProblems(page: Page): Promise<{ problems: PageProblems; collect(): Promise<PageProblems> }> {
  const problems: PageProblems = { console: [], pageErrors: [], csp: [], hydration: [] };
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  page.on('console', (msg: ConsoleMessage) => {
    const text = msg.text();
    if (msg.type() === 'error' && text.startsWith('Failed to load resource') && msg.location().url === page.url()) return;
    if (HYDRATION.test(text)) problems.hydration.push(text);
    else if (CSP_CONSOLE.test(text)) problems.csp.push(text);
    else if (msg.type() === 'error') problems.console.push(text);
  });
  page.on('pageerror', (err) => (HYDRATION.test(err.message) ? problems.hydration : problems.pageErrors).push(err.message));
  return {
    problems,
    async collect() {
      const events = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
      for (const e of events) if (!problems.csp.includes(e)) problems.csp.push(`securitypolicyviolation: ${e}`);
      return problems;
    },
  };
}

export const problemLines = (p: PageProblems): string =>
  [
    ...p.console.map((t) => `console: ${t}`),
    ...p.pageErrors.map((t) => `pageerror: ${t}`),
    ...p.csp.map((t) => `csp: ${t}`),
    ...p.hydration.map((t) => `hydration: ${t}`),
  ].join('\n');

// ---------------------------------------------------------------------------------------------------
// A Chromium driven through its tab target (prerendering allowed)

export interface CdpMessage {
  id?: number;
  method?: string;
  params?: Record<string, unknown> & { sessionId?: string; targetInfo?: { type: string; subtype?: string; targetId: string } };
  result?: Record<string, unknown>;
  error?: { message: string };
  sessionId?: string;
}

type Listener = (m: CdpMessage) => void;

class Connection {
  private id = 0;
  private readonly replies = new Map<number, (m: CdpMessage) => void>();
  private readonly listeners = new Set<Listener>();

  constructor(private readonly ws: WebSocket) {
    ws.addEventListener('message', (ev) => {
      const m = JSON.parse(String(ev.data)) as CdpMessage;
      const reply = m.id === undefined ? undefined : this.replies.get(m.id);
      if (reply) {
        this.replies.delete(m.id!);
        reply(m);
      } else for (const l of [...this.listeners]) l(m);
    });
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    const id = ++this.id;
    return beforeDeadline(
      new Promise<T>((resolve, reject) => {
        this.replies.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve((m.result ?? {}) as T)));
        this.ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
      }),
      WATCHDOG_MS,
      `the answer to ${method}`,
    );
  }

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The first message from now on that matches. */
  next(match: (m: CdpMessage) => boolean, what: string): Promise<CdpMessage> {
    let off = (): void => undefined;
    const found = new Promise<CdpMessage>((resolve) => {
      off = this.on((m) => {
        if (match(m)) {
          off();
          resolve(m);
        }
      });
    });
    return beforeDeadline(found, WATCHDOG_MS, what).finally(off);
  }

  close(): void {
    this.ws.close();
  }
}

/** A desktop window's size: the tab is made at this size (no viewport emulation). */
export interface TabViewport {
  width: number;
  height: number;
}

export interface Tab {
  /** Preload domain events of every document of the tab (prefetch, prerender). */
  preload: CdpMessage[];
  /** Opens a URL; resolves once its load event fired. */
  open(url: string): Promise<void>;
  /** Evaluates an expression in the document on show (an activated prerender included). */
  evaluate<T>(expression: string): Promise<T>;
  /** Moves the pointer to the middle of the first visible element that matches. */
  hover(selector: string): Promise<void>;
  /** A plain left click where the pointer is. */
  clickHere(): Promise<void>;
  /** The first event of a document of this tab from now on that matches. */
  next(match: (m: CdpMessage) => boolean, what: string): Promise<CdpMessage>;
  /** Evaluates an expression in every prerendered document of the tab not yet shown. */
  inPrerenders<T>(expression: string): Promise<T[]>;
}

export interface TabChromium {
  /** A tab in a fresh browser context (no cache, no cookies). */
  newTab(viewport: TabViewport): Promise<Tab>;
  close(): Promise<void>;
}

/** Starts Chromium with a DevTools port and drives tabs through their tab targets. */
export async function launchTabChromium(): Promise<TabChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'e2e-tab-chromium-'));
  const proc: ChildProcess = spawn(
    program('chromium'),
    [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const wsUrl = await beforeDeadline(
    new Promise<string>((resolve, reject) => {
      let text = '';
      proc.stderr!.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        const m = /DevTools listening on (ws:\/\/\S+)/.exec(text);
        if (m) resolve(m[1]!);
      });
      proc.once('exit', (code) => reject(new Error(`chromium exited (${code}) before its DevTools port was open:\n${text}`)));
    }),
    WATCHDOG_MS,
    'chromium to open its DevTools port',
  );
  const ws = new WebSocket(wsUrl);
  await beforeDeadline(new Promise((resolve) => ws.addEventListener('open', resolve, { once: true })), WATCHDOG_MS, 'the DevTools socket');
  const conn = new Connection(ws);
  const contexts: string[] = [];

  async function newTab(viewport: TabViewport): Promise<Tab> {
    const { browserContextId } = await conn.send<{ browserContextId: string }>('Target.createBrowserContext', { disposeOnDetach: true });
    contexts.push(browserContextId);
    await conn.send('Target.createTarget', { url: 'about:blank', browserContextId, width: viewport.width, height: viewport.height });
    const { targetInfos } = await conn.send<{ targetInfos: Array<{ targetId: string; type: string; browserContextId?: string }> }>(
      'Target.getTargets',
      { filter: [{ type: 'tab' }] },
    );
    const tab = targetInfos.find((t) => t.browserContextId === browserContextId);
    if (!tab) throw new Error('no tab target for the new browser context');
    const { sessionId: tabSession } = await conn.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId: tab.targetId,
      flatten: true,
    });
    // Every page of the tab (the one on show, prerendered ones) attaches to the tab's session.
    const pages = new Map<string, { targetId: string; prerender: boolean }>();
    const preload: CdpMessage[] = [];
    const ready = new Map<string, Promise<void>>();
    conn.on((m) => {
      if (m.method === 'Target.attachedToTarget' && m.sessionId === tabSession && m.params?.targetInfo?.type === 'page') {
        const sessionId = m.params.sessionId!;
        pages.set(sessionId, { targetId: m.params.targetInfo.targetId, prerender: m.params.targetInfo.subtype === 'prerender' });
        // A prerender the browser drops goes with its session; a failed set-up shows in the main page's first use.
        ready.set(
          sessionId,
          setUp(sessionId).catch(() => undefined),
        );
      } else if (m.method === 'Target.detachedFromTarget' && m.sessionId === tabSession) {
        pages.delete(String(m.params?.sessionId));
      } else if (m.method?.startsWith('Preload.') && m.sessionId !== undefined && pages.has(m.sessionId)) {
        preload.push(m);
      }
    });
    const setUp = async (sessionId: string): Promise<void> => {
      await Promise.all([conn.send('Page.enable', {}, sessionId), conn.send('Preload.enable', {}, sessionId)]);
    };
    const first = conn.next(
      (m) => m.method === 'Target.attachedToTarget' && m.sessionId === tabSession && m.params?.targetInfo?.type === 'page',
      'the tab page to attach',
    );
    // Pages start at once: with waitForDebuggerOnStart, Chromium 156 killed the renderer of the page that
    // started a prerender (PrimaryMainFrameRendererProcessKilled). A test waits on a prerendered
    // document's state (inPrerenders), not on events it may send before its session is set up.
    await conn.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true }, tabSession);
    const mainSession = String((await first).params!.sessionId);
    await ready.get(mainSession);

    /** The session of the document on show: not a prerender waiting, and visible. */
    const shown = async (): Promise<string> => {
      for (const [sessionId] of pages) {
        const state = await conn
          .send<{ result: { value?: string } }>(
            'Runtime.evaluate',
            { expression: `document.prerendering ? 'prerendering' : document.visibilityState`, returnByValue: true },
            sessionId,
          )
          .catch(() => ({ result: { value: 'gone' } }));
        if (state.result.value === 'visible') return sessionId;
      }
      throw new Error('no document of the tab is on show');
    };
    const evaluate = async <T>(expression: string): Promise<T> => {
      const answer = await conn.send<{ result: { value?: unknown }; exceptionDetails?: { text: string } }>(
        'Runtime.evaluate',
        { expression, returnByValue: true, awaitPromise: true },
        await shown(),
      );
      if (answer.exceptionDetails) throw new Error(`${expression}: ${answer.exceptionDetails.text}`);
      return answer.result.value as T;
    };
    let pointer = { x: 0, y: 0 };
    return {
      preload,
      async open(url) {
        const loaded = conn.next((m) => m.method === 'Page.loadEventFired' && m.sessionId === mainSession, `${url} to load`);
        await conn.send('Page.navigate', { url }, mainSession);
        await loaded;
      },
      evaluate,
      async hover(selector) {
        const box = await evaluate<{ x: number; y: number } | null>(`(() => {
          const el = [...document.querySelectorAll(${JSON.stringify(selector)})].find((e) => e.getClientRects().length > 0);
          if (!el) return null;
          el.scrollIntoView({ block: 'center', inline: 'nearest' });
          const r = el.getBoundingClientRect();
          return { x: r.x + Math.min(r.width / 2, 40), y: r.y + r.height / 2 };
        })()`);
        if (!box) throw new Error(`nothing visible matches ${selector}`);
        pointer = box;
        await conn.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: box.x, y: box.y }, await shown());
      },
      async clickHere() {
        const session = await shown();
        const at = { x: pointer.x, y: pointer.y, button: 'left', clickCount: 1 };
        await conn.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...at }, session);
        await conn.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...at }, session);
      },
      next: (match, what) => conn.next((m) => m.sessionId !== undefined && pages.has(m.sessionId) && match(m), what),
      async inPrerenders<T>(expression: string) {
        const results: T[] = [];
        for (const [sessionId, page] of pages) {
          if (!page.prerender) continue;
          const answer = await conn.send<{ result: { value?: unknown } }>(
            'Runtime.evaluate',
            {
              expression: `document.prerendering ? Promise.resolve(${expression}).then((v) => [v]) : []`,
              returnByValue: true,
              awaitPromise: true,
            },
            sessionId,
          );
          results.push(...(answer.result.value as T[]));
        }
        return results;
      },
    };
  }

  return {
    newTab,
    async close() {
      for (const id of contexts) await conn.send('Target.disposeBrowserContext', { browserContextId: id }).catch(() => undefined);
      await conn.send('Browser.close').catch(() => undefined);
      conn.close();
      await beforeDeadline(exited, WATCHDOG_MS, 'chromium to exit').catch(() => proc.kill('SIGKILL'));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

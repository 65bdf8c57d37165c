// The operator console's HTML, rendered on the server: no script at all (the strict CSP holds and every
// action is a plain form), one same-origin stylesheet (public/edge/console.css), charts as inline SVG.
import type { CacheStats } from '../cache/kit.ts';
import type { EffectiveRule } from '../content/lifetimes.ts';
import type { EndpointFigures, Sample } from './operator.ts';

export interface PurgeRecord {
  at: number;
  selector: string;
  purged: number;
  pages: number | null;
  via: 'api' | 'console';
}

export interface ConsoleView {
  now: number;
  ready: { ready: boolean; reason: string; lastAnswerAgoMs: number | null };
  upstream: CacheStats;
  pages: { entries: number; bytes: number; maxBytes: number; hitRatio: number } | null;
  endpoints: Record<string, EndpointFigures>;
  rules: EffectiveRule[];
  apiRules: Readonly<Partial<Record<string, number>>>;
  rulesFile: { path: string; problem: string | null; loadedAt: number | null } | null;
  purges: readonly PurgeRecord[];
  samples: readonly Sample[];
  csrf: string;
  notice?: string;
  /** Problems of a refused form, each naming its rule. */
  errors?: readonly string[];
  /** What the operator typed into the rules form (kept when it is refused). */
  typed?: Readonly<Record<string, string>>;
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: unknown): string => String(s).replace(/[&<>"']/g, (c) => ESC[c]!);

function fmtBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}
const fmtPct = (r: number | null) => (r === null ? '–' : `${(r * 100).toFixed(1)} %`);
const fmtMs = (ms: number | null) => (ms === null ? '–' : ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`);
const fmtTtl = (s: number) => (s === 0 ? 'not cached' : s % 3600 === 0 ? `${s / 3600} h` : s % 60 === 0 ? `${s / 60} min` : `${s} s`);
const fmtAgo = (ms: number) =>
  ms < 60_000
    ? `${Math.round(ms / 1000)} s ago`
    : ms < 3_600_000
      ? `${Math.round(ms / 60_000)} min ago`
      : `${(ms / 3_600_000).toFixed(1)} h ago`;
const fmtTime = (t: number) => new Date(t).toISOString().slice(11, 19) + ' UTC';

const SOURCE_LABEL: Record<EffectiveRule['source'], string> = {
  api: 'console / API',
  CACHE_RULES: 'CACHE_RULES',
  CACHE_RULES_FILE: 'rules file',
  CACHE_TTL_S: 'CACHE_TTL_S',
  catalogue: 'default',
};

interface ChartSpec {
  title: string;
  unit: string;
  values: Array<number | null>;
  /** Fixed top of the scale (e.g. 100 for a percentage); else the largest value. */
  max?: number;
  format: (v: number) => string;
  second?: { label: string; values: Array<number | null> };
}

const W = 300;
const H = 72;

/** One line (or two) over the last hour, as inline SVG: x is time, gaps where there was nothing to show. */
function chartSvg(spec: ChartSpec, times: readonly number[], now: number): string {
  const from = now - 3_600_000;
  const all = [...spec.values, ...(spec.second?.values ?? [])].filter((v): v is number => v !== null);
  const top = spec.max ?? Math.max(1e-9, ...all) * 1.1;
  const x = (t: number) => (((t - from) / 3_600_000) * W).toFixed(1);
  const y = (v: number) => (H - (Math.min(v, top) / top) * (H - 4) - 2).toFixed(1);
  const path = (values: Array<number | null>) => {
    let d = '';
    let pen = false;
    values.forEach((v, i) => {
      const t = times[i]!;
      if (v === null || t < from) {
        pen = false;
        return;
      }
      d += `${pen ? 'L' : 'M'}${x(t)} ${y(v)}`;
      pen = true;
    });
    return d;
  };
  const lastOf = (values: Array<number | null>) => [...values].reverse().find((v): v is number => v !== null) ?? null;
  const last = lastOf(spec.values);
  const line = path(spec.values);
  const line2 = spec.second ? path(spec.second.values) : '';
  const dots = (values: Array<number | null>, cls: string) =>
    values
      .map((v, i) =>
        v === null || times[i]! < from || (values[i - 1] ?? null) !== null || (values[i + 1] ?? null) !== null
          ? ''
          : `<circle class="${cls}" cx="${x(times[i]!)}" cy="${y(v)}" r="1.8"/>`,
      )
      .join('');
  const label = `${spec.title}: ${last === null ? 'no data yet' : `${spec.format(last)} now`}, last hour`;
  return `<figure class="chart">
<figcaption><span>${esc(spec.title)}</span><b>${last === null ? '–' : esc(spec.format(last))}</b></figcaption>
<svg viewBox="0 0 ${W} ${H}" preserveAspectRatio="none" role="img" aria-label="${esc(label)}">
<line class="grid" x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}"/><line class="axis" x1="0" y1="${H - 0.5}" x2="${W}" y2="${H - 0.5}"/>
${line ? `<path class="line" d="${line}"/>` : ''}${dots(spec.values, 'dot')}${line2 ? `<path class="line second" d="${line2}"/>` : ''}${spec.second ? dots(spec.second.values, 'dot second') : ''}
${all.length === 0 ? `<text x="${W / 2}" y="${H / 2 + 4}" text-anchor="middle" class="empty">no samples yet</text>` : ''}
</svg>
<div class="scale"><span>−60 min</span><span>top ${esc(spec.format(top))}${spec.second ? ` · <i class="key second"></i>${esc(spec.second.label)}` : ''}</span><span>now</span></div>
</figure>`;
}

function charts(view: ConsoleView): string {
  const s = view.samples;
  const times = s.map((x) => x.t);
  const perMin = (n: number, spanS: number) => (spanS > 0 ? (n * 60) / spanS : null);
  const specs: ChartSpec[] = [
    {
      title: 'Hit ratio',
      unit: '%',
      values: s.map((x) => (x.hitRatio === null ? null : x.hitRatio * 100)),
      max: 100,
      format: (v) => `${v.toFixed(0)} %`,
    },
    {
      title: 'Upstream calls / min',
      unit: '/min',
      values: s.map((x) => perMin(x.upstreamCalls, x.spanS)),
      format: (v) => v.toFixed(v < 10 ? 1 : 0),
      second: { label: 'errors', values: s.map((x) => perMin(x.upstreamErrors, x.spanS)) },
    },
    { title: 'Upstream p95', unit: 'ms', values: s.map((x) => x.upstreamP95Ms), format: (v) => fmtMs(v) },
    {
      title: `Cache size (bound ${fmtBytes(view.upstream.maxBytes)})`,
      unit: 'B',
      values: s.map((x) => x.cacheBytes),
      format: (v) => fmtBytes(Math.round(v)),
    },
  ];
  return specs.map((spec) => chartSvg(spec, times, view.now)).join('\n');
}

function endpointTable(view: ConsoleView): string {
  const rules = new Map(view.rules.map((r) => [r.endpoint as string, r]));
  const active = (f: EndpointFigures) => f.entries > 0 || f.upstream.calls > 0 || f.hits + f.misses + f.stale + f.bypass > 0;
  const quiet = Object.entries(view.endpoints)
    .filter(([, f]) => !active(f))
    .map(([name]) => name);
  const rows = Object.entries(view.endpoints)
    .filter(([, f]) => active(f))
    .sort(([, a], [, b]) => b.hits + b.misses + b.stale - (a.hits + a.misses + a.stale) || b.bytes - a.bytes)
    .map(([name, f]) => {
      const rule = rules.get(name);
      const ratio = f.hitRatio;
      const cls = ratio === null ? '' : ratio < 0.5 ? ' class="bad"' : ratio < 0.8 ? ' class="warn"' : '';
      return `<tr><th scope="row"><code>${esc(name)}</code></th>
<td>${rule ? esc(fmtTtl(rule.ttlS)) : 'write'}</td><td class="n">${f.entries}</td><td class="n">${esc(fmtBytes(f.bytes))}</td>
<td class="n">${f.hits}</td><td class="n">${f.misses}</td><td class="n">${f.stale}</td>
<td class="n ratio"${cls}><span class="bar"><span class="fill ${ratio === null ? '' : `p${Math.round(ratio * 20) * 5}`}"></span></span>${esc(fmtPct(ratio))}</td>
<td class="n">${f.upstream.calls}</td><td class="n${f.upstream.errors > 0 ? ' bad' : ''}">${f.upstream.errors}</td>
<td class="n">${esc(fmtMs(f.upstream.p50Ms))}</td><td class="n">${esc(fmtMs(f.upstream.p95Ms))}</td></tr>`;
    })
    .join('\n');
  return `<div class="scroll"><table class="endpoints">
<thead><tr><th scope="col">Endpoint</th><th scope="col">Lifetime</th><th scope="col" class="n">Entries</th><th scope="col" class="n">Size</th>
<th scope="col" class="n">Hits</th><th scope="col" class="n">Misses</th><th scope="col" class="n">Stale</th><th scope="col" class="n">Hit ratio</th>
<th scope="col" class="n">Upstream calls</th><th scope="col" class="n">Errors</th><th scope="col" class="n">p50</th><th scope="col" class="n">p95</th></tr></thead>
<tbody>${rows || '<tr><td colspan="12" class="muted">No calls yet.</td></tr>'}</tbody></table></div>
${quiet.length ? `<p class="muted">No traffic yet: ${quiet.map((n) => `<code>${esc(n)}</code>`).join(', ')}.</p>` : ''}`;
}

function rulesForm(view: ConsoleView): string {
  const rows = view.rules
    .map((r) => {
      const typed = view.typed?.[r.endpoint];
      const value = typed ?? (view.apiRules[r.endpoint] !== undefined ? String(view.apiRules[r.endpoint]) : '');
      const id = `ttl-${r.endpoint}`;
      return `<tr${r.source === 'api' ? ' class="override"' : ''}><th scope="row"><label for="${id}"><code>${esc(r.endpoint)}</code></label></th>
<td class="n">${esc(fmtTtl(r.ttlS))}</td><td>${esc(SOURCE_LABEL[r.source])}</td><td class="n">${esc(fmtTtl(r.defaultTtlS))}</td>
<td><input id="${id}" name="ttl.${esc(r.endpoint)}" inputmode="numeric" pattern="[0-9]*" size="7" value="${esc(value)}" placeholder="${r.ttlS}" aria-describedby="rules-help"></td></tr>`;
    })
    .join('\n');
  const file = view.rulesFile
    ? `<p class="muted">Rules file <code>${esc(view.rulesFile.path)}</code>${view.rulesFile.loadedAt ? `, read ${esc(fmtAgo(view.now - view.rulesFile.loadedAt))}` : ''}; it is re-read within a few seconds of a change.</p>${
        view.rulesFile.problem ? `<p class="alert" role="status">The rules file was ignored: ${esc(view.rulesFile.problem)}</p>` : ''
      }`
    : '<p class="muted">No <code>CACHE_RULES_FILE</code> is set.</p>';
  return `<form method="post" action="/_edge/rules" class="rules">
<input type="hidden" name="csrf" value="${esc(view.csrf)}">
<p id="rules-help" class="muted">Fresh lifetime in seconds per endpoint. A value here overrides every other source until cleared or the edge restarts; an empty field leaves the endpoint to <code>CACHE_RULES</code>, the rules file, <code>CACHE_TTL_S</code> or its default. 0 turns caching off for the endpoint. Entries already cached keep the lifetime they were stored with.</p>
${file}
<div class="scroll"><table><thead><tr><th scope="col">Endpoint</th><th scope="col" class="n">In force</th><th scope="col">From</th><th scope="col" class="n">Default</th><th scope="col">Override (s)</th></tr></thead>
<tbody>${rows}</tbody></table></div>
<p><button type="submit">Apply rules</button></p>
</form>`;
}

function purgeSection(view: ConsoleView): string {
  const list = view.purges.length
    ? `<ol class="purges">${[...view.purges]
        .reverse()
        .map(
          (p) =>
            `<li><time datetime="${new Date(p.at).toISOString()}">${esc(fmtTime(p.at))}</time> <code>${esc(p.selector)}</code> — ${p.purged} entr${p.purged === 1 ? 'y' : 'ies'}${p.pages === null ? '' : `, ${p.pages} page${p.pages === 1 ? '' : 's'}`} <span class="muted">(${p.via})</span></li>`,
        )
        .join('')}</ol>`
    : '<p class="muted">No purge since the edge started.</p>';
  return `<form method="post" action="/_edge/purge" class="purge">
<input type="hidden" name="csrf" value="${esc(view.csrf)}">
<fieldset><legend>Remove cached answers (and the pages built on them)</legend>
<label><input type="radio" name="kind" value="prefix" checked> by key or path prefix</label>
<label><input type="radio" name="kind" value="tag"> by tag</label>
<label><input type="radio" name="kind" value="all"> everything</label>
<label class="value">Prefix or tag <input name="value" placeholder="/api/queryArchivesList or channel:News" size="32"></label>
<button type="submit">Review purge…</button>
<p class="muted">Nothing is removed until you confirm on the next page.</p>
</fieldset></form>
<h3>Last purges</h3>
${list}`;
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title><link rel="stylesheet" href="/edge/console.css"></head>
<body class="edge-console">${body}</body></html>`;
}

export function renderConsole(view: ConsoleView): string {
  const up = view.upstream;
  const readyCls = view.ready.ready ? 'ok' : 'bad';
  const lastAnswer = view.ready.lastAnswerAgoMs === null ? 'never' : fmtAgo(view.ready.lastAnswerAgoMs);
  const figures = Object.values(view.endpoints);
  const sortedP95 = figures.map((f) => f.upstream.p95Ms).filter((v): v is number => v !== null);
  const worstP95 = sortedP95.length ? Math.max(...sortedP95) : null;
  const calls = figures.reduce((n, f) => n + f.upstream.calls, 0);
  const errors = figures.reduce((n, f) => n + f.upstream.errors, 0);
  const messages = [
    view.notice ? `<p class="notice" role="status">${esc(view.notice)}</p>` : '',
    view.errors?.length
      ? `<div class="alert" role="alert"><p>Nothing was changed: the rules were refused whole.</p><ul>${view.errors.map((e) => `<li>${esc(e)}</li>`).join('')}</ul></div>`
      : '',
  ].join('');
  return layout(
    'Edge console',
    `<header><h1>Edge console</h1><p class="muted">${esc(new Date(view.now).toISOString().replace('T', ' ').slice(0, 19))} UTC · <a href="/_edge/">refresh</a> · <a href="/_edge/cache">JSON</a> · <a href="/metrics">metrics</a></p></header>
<main>
${messages}
<section class="cards" aria-label="Summary">
<div class="card ${readyCls}"><h2>Upstream</h2><p class="big">${view.ready.ready ? 'Ready' : 'Not ready'}</p><p class="muted">${esc(view.ready.reason)} · last answer ${esc(lastAnswer)}</p></div>
<div class="card"><h2>Upstream latency</h2><p class="big">${esc(fmtMs(worstP95))}</p><p class="muted">worst endpoint p95 · ${calls} calls, ${errors} error${errors === 1 ? '' : 's'}</p></div>
<div class="card"><h2>API cache</h2><p class="big">${esc(fmtPct(up.hits + up.misses + up.stale === 0 ? null : up.hitRatio))}</p><p class="muted">hit ratio · ${up.entries} entries · ${esc(fmtBytes(up.bytes))} of ${esc(fmtBytes(up.maxBytes))}</p></div>
<div class="card"><h2>Page cache</h2>${
      view.pages
        ? `<p class="big">${esc(fmtPct(view.pages.hitRatio))}</p><p class="muted">hit ratio · ${view.pages.entries} pages · ${esc(fmtBytes(view.pages.bytes))} of ${esc(fmtBytes(view.pages.maxBytes))}</p>`
        : '<p class="big">Off</p><p class="muted">PAGE_CACHE_TTL_S=0</p>'
    }</div>
</section>
<section aria-labelledby="h-hour"><h2 id="h-hour">Last hour</h2><div class="charts">${charts(view)}</div>
<p class="muted">A sample every 15 s since the edge started; kept for an hour, lost on restart.</p></section>
<section aria-labelledby="h-endpoints"><h2 id="h-endpoints">Endpoints</h2>${endpointTable(view)}
<p class="muted">Counts since the edge started; hit ratio counts stale answers as hits; p50/p95 over each endpoint's last 256 upstream calls.</p></section>
<section id="rules" aria-labelledby="h-rules"><h2 id="h-rules">Cache rules</h2>${rulesForm(view)}</section>
<section id="purge" aria-labelledby="h-purge"><h2 id="h-purge">Purge</h2>${purgeSection(view)}</section>
</main>`,
  );
}

export function renderPurgeConfirm(options: {
  selector: { kind: string; value: string };
  description: string;
  matching: number;
  csrf: string;
}): string {
  const { selector, description, matching, csrf } = options;
  return layout(
    'Confirm purge · Edge console',
    `<header><h1>Confirm purge</h1></header><main><section class="confirm">
<p>Remove <strong>${esc(description)}</strong> from the cache: <strong>${matching}</strong> cached answer${matching === 1 ? '' : 's'} match now, and the pages built on them go too. Visitors will wait for the content service until the cache fills again.</p>
<form method="post" action="/_edge/purge">
<input type="hidden" name="csrf" value="${esc(csrf)}"><input type="hidden" name="kind" value="${esc(selector.kind)}"><input type="hidden" name="value" value="${esc(selector.value)}">
<input type="hidden" name="confirm" value="yes">
<button type="submit" class="danger">Purge ${esc(description)}</button> <a href="/_edge/#purge">Cancel</a>
</form></section></main>`,
  );
}

export function renderMessage(title: string, message: string): string {
  return layout(
    `${title} · Edge console`,
    `<header><h1>${esc(title)}</h1></header><main><p>${esc(message)}</p><p><a href="/_edge/">Back to the console</a></p></main>`,
  );
}

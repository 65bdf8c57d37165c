// The browser's files: the site's one stylesheet and the islands' scripts (client/islands.client.ts, which
// loads React, the hydration step and each island on demand), content-hashed, with brotli (quality 11)
// and gzip copies written beside each file so the edge sends them as they are (server/build-files.ts).
//
// The script budget, from esbuild's metafile: for every page kind, the script a first visit loads — the
// islands' script, plus React, the hydration step and the code of each island that wakes by itself (`idle`
// or `visible`; a `touch` island loads only when the visitor touches it) — as brotli bytes. The kinds and
// their islands come from shared/islands.ts. The build fails when a page kind without islands would load
// any script, when one whose islands all wait for a touch loads more than TOUCH_ONLY_BUDGET, or when any
// page loads more than FIRST_VISIT_BUDGET.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const outdir = join(root, 'public/build');

/** The most script any page's first visit may load, brotli bytes. */
const FIRST_VISIT_BUDGET = 70 * 1024;
/** A page whose islands all wait for a touch (the object page) loads only the islands' script first. */
const TOUCH_ONLY_BUDGET = 10 * 1024;
/** A module fetched only when a visitor opens it (the deep zoom's viewer, the 3D viewer), brotli bytes each. */
const ON_DEMAND_BUDGET = 180 * 1024;
/** Files of earlier builds stay this long: a page rendered (or cached) before this build still names them. */
const OLD_BUILD_GRACE_MS = 60 * 60_000;
const COMPRESSED = /\.(?:js|css|map|json|svg)$/;

/** A module of shared/, compiled on the fly (shared/islands.ts: the islands; shared/i18n.ts: the UI strings). */
async function sharedModule(build, file) {
  const out = await build({
    entryPoints: [join(root, file)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'warning',
  });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].contents).toString('base64')}`);
}

function writeCompressed(file) {
  const body = readFileSync(file);
  const br = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  return br.length;
}

function pruneOldBuilds(current) {
  const cutoff = Date.now() - OLD_BUILD_GRACE_MS;
  for (const name of readdirSync(outdir)) {
    const p = join(outdir, name);
    const own = p.replace(/\.(?:br|gz)$/, '');
    if (name === 'manifest.json' || current.has(own)) continue;
    if (statSync(p).mtimeMs < cutoff) rmSync(p, { force: true });
  }
}

/** What each page kind's first visit loads, from the metafile and the island table. */
function scriptBudget(outputs, brotliBytes, table) {
  const sourceOf = (f) => outputs[f].entryPoint ?? '';
  const jsFiles = Object.keys(outputs).filter((f) => f.endsWith('.js'));
  const fileOf = (suffix) => jsFiles.find((f) => sourceOf(f).endsWith(suffix));
  // A file plus every chunk it imports statically (what the browser must fetch before it runs).
  const closure = (file, into = new Set()) => {
    if (!file || into.has(file)) return into;
    into.add(file);
    for (const imp of outputs[file].imports ?? []) if (imp.kind === 'import-statement') closure(imp.path, into);
    return into;
  };
  const runtime = closure(fileOf('client/islands.client.ts'));
  const hydrate = closure(fileOf('client/islands/hydrate.tsx'));
  const islandModule = (name) => {
    const file = fileOf(`client/islands/${name}.tsx`);
    if (!file) throw new Error(`no chunk for the island ${name} (its module is client/islands/${name}.tsx)`);
    return closure(file);
  };
  const sum = (files) => [...files].reduce((n, f) => n + brotliBytes(f), 0);
  const firstVisit = (islands) => {
    if (islands.length === 0) return new Set();
    const files = new Set(runtime);
    for (const name of islands) {
      if (table.ISLANDS[name].when === 'touch') continue;
      for (const f of hydrate) files.add(f);
      for (const f of islandModule(name)) files.add(f);
    }
    return files;
  };
  const kinds = Object.entries(table.SCREEN_ISLANDS).filter(([kind]) => kind !== 'redirect');
  const rows = kinds.map(([kind, islands]) => ({
    kind,
    islands,
    bytes: sum(firstVisit(islands)),
    care: sum(firstVisit([...islands, ...table.CARE_ISLANDS])),
    touchOnly: islands.length > 0 && islands.every((n) => table.ISLANDS[n].when === 'touch'),
  }));
  // On demand: what an island waiting for a touch, or a viewer it opens, adds once touched.
  const loaded = new Set([...runtime, ...hydrate]);
  const onDemand = jsFiles
    .filter((f) => /client\/(?:islands\/(?!hydrate)|components\/)[^/]+\.tsx?$/.test(sourceOf(f)))
    .map((f) => {
      const files = closure(f);
      for (const l of loaded) files.delete(l);
      return { module: sourceOf(f).replace(/^.*client\//, ''), bytes: sum(files) };
    });
  return { rows, onDemand };
}

/**
 * Every UI key the code of an island names (a string literal that is a key of shared/i18n.ts, in the
 * island's own chunk and the chunks it imports) must be among the strings the island takes with it
 * (shared/islands.ts `texts`): its script has no dictionary to fall back on.
 */
function textFailures(outputs, table, uiKeys) {
  const failures = [];
  const files = Object.keys(outputs).filter((f) => f.endsWith('.js'));
  const closure = (file, into = new Set()) => {
    if (!file || into.has(file)) return into;
    into.add(file);
    for (const imp of outputs[file].imports ?? []) if (imp.kind === 'import-statement') closure(imp.path, into);
    return into;
  };
  for (const [name, island] of Object.entries(table.ISLANDS)) {
    const chunk = files.find((f) => (outputs[f].entryPoint ?? '').endsWith(`client/islands/${name}.tsx`));
    const sources = new Set(
      [...closure(chunk)]
        .flatMap((f) => Object.keys(outputs[f].inputs))
        .filter((s) => /^(client|shared)\//.test(s) && s !== 'shared/islands.ts'),
    );
    const covered = (key) => island.texts.some((n) => (n.endsWith('.') ? key.startsWith(n) : key === n));
    for (const source of sources) {
      const code = readFileSync(join(root, source), 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');
      for (const [, key] of code.matchAll(/'([a-z]+\.[A-Za-z0-9.]+)'/g)) {
        if (uiKeys.has(key) && !covered(key))
          failures.push(`the island ${name} names the text ${key} (${source}) but does not take it (shared/islands.ts)`);
      }
    }
  }
  return failures;
}

function budgetFailures({ rows, onDemand }) {
  const failures = [];
  for (const r of rows) {
    if (r.islands.length === 0 && r.bytes > 0) failures.push(`${r.kind} has no islands but loads ${r.bytes} B of script`);
    if (r.touchOnly && r.bytes > TOUCH_ONLY_BUDGET)
      failures.push(`${r.kind} loads ${r.bytes} B before a touch (budget ${TOUCH_ONLY_BUDGET} B)`);
    if (Math.max(r.bytes, r.care) > FIRST_VISIT_BUDGET)
      failures.push(`${r.kind} loads ${Math.max(r.bytes, r.care)} B of script on a first visit (budget ${FIRST_VISIT_BUDGET} B)`);
  }
  for (const m of onDemand)
    if (m.bytes > ON_DEMAND_BUDGET) failures.push(`${m.module} adds ${m.bytes} B on demand (budget ${ON_DEMAND_BUDGET} B)`);
  return failures;
}

function report({ rows, onDemand }) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`client: script a first visit loads, brotli (budget ${kb(FIRST_VISIT_BUDGET)}; ${kb(TOUCH_ONLY_BUDGET)} before a touch)`);
  for (const r of rows) {
    const islands = r.islands.length ? r.islands.join(', ') : '—';
    console.log(`  ${r.kind.padEnd(20)} ${kb(r.bytes).padStart(8)}   reading mode ${kb(r.care).padStart(8)}   islands: ${islands}`);
  }
  console.log('client: on demand (a touched island, a viewer it opens), brotli');
  for (const m of onDemand) console.log(`  ${m.module.padEnd(34)} ${kb(m.bytes).padStart(8)}`);
}

/** Builds public/build; false (after saying why) when the script budget is broken. */
export async function buildClient(build) {
  if (!existsSync(join(root, 'client/islands.client.ts'))) return true;
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    entryPoints: { site: join(root, 'client/styles/index.css'), islands: join(root, 'client/islands.client.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome100', 'safari15', 'firefox100'],
    minify: true,
    sourcemap: true,
    jsx: 'automatic',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const outputs = result.metafile.outputs;
  const brotli = new Map();
  for (const f of Object.keys(outputs)) if (COMPRESSED.test(f)) brotli.set(f, writeCompressed(join(root, f)));
  const toUrl = (f) => `/${relative(join(root, 'public'), join(root, f)).split('\\').join('/')}`;
  const css = Object.keys(outputs).find((f) => f.endsWith('.css'));
  const islands = Object.keys(outputs).find((f) => (outputs[f].entryPoint ?? '').endsWith('client/islands.client.ts'));
  const table = await sharedModule(build, 'shared/islands.ts');
  const budget = scriptBudget(outputs, (f) => brotli.get(f) ?? 0, table);
  const manifest = {
    css: css ? toUrl(css) : null,
    islands: islands ? toUrl(islands) : null,
    firstVisitScriptBrotliBytes: Object.fromEntries(budget.rows.map((r) => [r.kind, r.bytes])),
    onDemandScriptBrotliBytes: Object.fromEntries(budget.onDemand.map((m) => [m.module, m.bytes])),
  };
  writeFileSync(join(outdir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  pruneOldBuilds(new Set(Object.keys(outputs).map((f) => join(root, f))));
  report(budget);
  const uiKeys = new Set(Object.keys((await sharedModule(build, 'shared/i18n.ts')).UI));
  const failures = [...budgetFailures(budget), ...textFailures(outputs, table, uiKeys)];
  for (const f of failures) console.error(`build failed: ${f}`);
  return failures.length === 0;
}

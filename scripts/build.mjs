// Builds the two programs and the browser bundle with esbuild:
//   dist/server/main.js   the edge (npm start)
//   dist/cms/main.js      the reference content service (npm run cms)
//   public/build/         the hydration bundle and CSS, content-hashed, plus manifest.json
// `--if-stale` skips the build when every output is newer than every source (npm start stays fast).
import { build } from 'esbuild';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { browserOnly, nodeCommon, reactRouterProduction } from './node-bundle.mjs';

const root = new URL('..', import.meta.url).pathname;
const SOURCE_DIRS = ['server', 'client', 'shared', 'cms'];
const STAMP = join(root, 'dist/.build-stamp');
/** Initial JavaScript budget per page, gzipped: what runs before the page's load event. */
const JS_BUDGET_BYTES = 100 * 1024;
/**
 * Deferred hydration JavaScript per page, gzipped: React and react-router alone are over the initial
 * budget, so the framework is fetched after load (see client/entry.client.tsx); this ceiling keeps it
 * from creeping. It leaves room for the site's own link (client/components/SiteLink.tsx), which costs a
 * little script on every page and saves a good share of a server render's CPU, and for the UI texts of
 * the collection's filters, which every page's dictionary carries.
 */
const HYDRATION_BUDGET_BYTES = 127 * 1024;
/**
 * On-demand JavaScript, gzipped: a module the page imports only when the visitor asks for it (the deep
 * zoom's viewer, the 3D viewer), with whatever it alone brings. It is in neither budget above, since no
 * page loads it by itself; this ceiling keeps each one from growing unseen.
 */
const ON_DEMAND_BUDGET_BYTES = 200 * 1024;

function newestSource() {
  let newest = statSync(join(root, 'package-lock.json')).mtimeMs;
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  for (const d of SOURCE_DIRS) walk(join(root, d));
  walk(join(root, 'scripts'));
  return newest;
}

/**
 * Files of earlier builds stay for a while: a page rendered (or cached) before this build still names
 * its entry and chunks, and a running server or an open tab would otherwise get 404s for them.
 */
const OLD_BUILD_GRACE_MS = 60 * 60_000;
function pruneOldBuilds(outdir, current) {
  const cutoff = Date.now() - OLD_BUILD_GRACE_MS;
  for (const name of readdirSync(outdir)) {
    const p = join(outdir, name);
    if (name === 'manifest.json' || current.has(p)) continue;
    if (statSync(p).mtimeMs < cutoff) rmSync(p, { force: true });
  }
}

if (process.argv.includes('--if-stale') && existsSync(STAMP) && statSync(STAMP).mtimeMs >= newestSource()) {
  process.exit(0);
}

const started = Date.now();
// `--client` builds the browser bundle only (while working on the portal's look).
const clientOnly = process.argv.includes('--client');
if (!clientOnly) {
  await Promise.all([
    build({
      ...nodeCommon,
      entryPoints: { main: join(root, 'server/main.ts') },
      outdir: join(root, 'dist/server'),
      plugins: [reactRouterProduction, browserOnly],
    }),
    build({ ...nodeCommon, entryPoints: { main: join(root, 'cms/main.ts') }, outdir: join(root, 'dist/cms') }),
  ]);
}

const clientEntry = join(root, 'client/entry.client.tsx');
if (existsSync(clientEntry)) {
  const outdir = join(root, 'public/build');
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    entryPoints: { entry: clientEntry },
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
    plugins: [reactRouterProduction],
  });
  const outputs = result.metafile.outputs;
  const jsFiles = Object.keys(outputs).filter((f) => f.endsWith('.js'));
  const sourceOf = (f) => outputs[f].entryPoint ?? '';
  const entryFile = jsFiles.find((f) => sourceOf(f).endsWith('client/entry.client.tsx'));
  const bootFile = jsFiles.find((f) => sourceOf(f).endsWith('client/boot.tsx'));
  const cssFile = Object.keys(outputs).find((f) => f.endsWith('.css'));
  // A file plus every chunk it imports statically (what the browser must fetch before it runs).
  const closure = (file, into = new Set()) => {
    if (!file || into.has(file)) return into;
    into.add(file);
    for (const imp of outputs[file].imports ?? []) if (imp.kind === 'import-statement') closure(imp.path, into);
    return into;
  };
  const gzCache = new Map();
  const gz = (f) => {
    if (!gzCache.has(f)) gzCache.set(f, gzipSync(readFileSync(join(root, f)), { level: 9 }).length);
    return gzCache.get(f);
  };
  const sum = (files) => [...files].reduce((n, f) => n + gz(f), 0);
  // Initial JS = the entry plus every chunk it imports statically: what every page loads at once.
  const initial = closure(entryFile);
  const initialBytes = sum(initial);
  // Hydration JS (fetched after load, when idle, or on the first interaction): the framework
  // chunk plus the screen of the page; reported per screen module, the largest one checked too.
  const screens = jsFiles.filter((f) => /client\/screens\/[^/]+\.tsx$/.test(sourceOf(f)));
  const hydration = screens.map((f) => {
    const files = closure(f, closure(bootFile));
    for (const i of initial) files.delete(i);
    return { screen: sourceOf(f).replace(/^.*client\/screens\//, ''), bytes: sum(files) };
  });
  // On-demand modules: entry points of dynamic imports that are neither the boot nor a screen.
  const framework = closure(bootFile, new Set(initial));
  const onDemand = jsFiles
    .filter((f) => f !== entryFile && f !== bootFile && !screens.includes(f) && /(^|\/)client\//.test(sourceOf(f)))
    .map((f) => {
      const files = closure(f);
      for (const i of framework) files.delete(i);
      return { module: sourceOf(f).replace(/^.*client\//, ''), bytes: sum(files) };
    });
  const worstOnDemand = onDemand.reduce((max, m) => Math.max(max, m.bytes), 0);
  const toUrl = (f) => `/${relative(join(root, 'public'), join(root, f)).split('\\').join('/')}`;
  const worstHydration = hydration.reduce((max, h) => Math.max(max, h.bytes), 0);
  const manifest = {
    entry: toUrl(entryFile),
    css: cssFile ? toUrl(cssFile) : null,
    modulepreload: [...initial].filter((f) => f !== entryFile).map(toUrl),
    initialJsGzipBytes: initialBytes,
    hydrationJsGzipBytes: Object.fromEntries(hydration.map((h) => [h.screen, h.bytes])),
    onDemandJsGzipBytes: Object.fromEntries(onDemand.map((m) => [m.module, m.bytes])),
  };
  writeFileSync(join(outdir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  pruneOldBuilds(outdir, new Set(Object.keys(outputs).map((f) => join(root, f))));
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`client: initial JS ${kb(initialBytes)} gzipped (budget ${JS_BUDGET_BYTES / 1024} KB)`);
  console.log(
    `client: deferred hydration JS per page, largest ${kb(worstHydration)} gzipped (framework + screen, after load; budget ${HYDRATION_BUDGET_BYTES / 1024} KB)`,
  );
  for (const h of hydration.sort((a, b) => b.bytes - a.bytes)) console.log(`  ${h.screen.padEnd(30)} ${kb(h.bytes)}`);
  console.log(`client: on-demand JS (fetched when a visitor opens a viewer; budget ${ON_DEMAND_BUDGET_BYTES / 1024} KB each)`);
  for (const m of onDemand) console.log(`  ${m.module.padEnd(30)} ${kb(m.bytes)}`);
  for (const f of Object.keys(outputs).filter((f) => !f.endsWith('.map'))) {
    console.log(`  ${toUrl(f).padEnd(48)} ${kb(gz(f))} gz`);
  }
  if (initialBytes > JS_BUDGET_BYTES) {
    console.error(`build failed: initial JavaScript ${initialBytes} B gzipped is over the ${JS_BUDGET_BYTES} B budget`);
    process.exit(1);
  }
  if (worstHydration > HYDRATION_BUDGET_BYTES) {
    console.error(`build failed: hydration JavaScript ${worstHydration} B gzipped is over the ${HYDRATION_BUDGET_BYTES} B budget`);
    process.exit(1);
  }
  if (worstOnDemand > ON_DEMAND_BUDGET_BYTES) {
    console.error(`build failed: on-demand JavaScript ${worstOnDemand} B gzipped is over the ${ON_DEMAND_BUDGET_BYTES} B budget`);
    process.exit(1);
  }
}

mkdirSync(join(root, 'dist'), { recursive: true });
if (!clientOnly) writeFileSync(STAMP, new Date().toISOString());
console.log(`build: done in ${Date.now() - started} ms`);

// Builds the two programs and the browser bundle with esbuild:
//   dist/server/main.js   the edge (npm start)
//   dist/cms/main.js      the reference content service (npm run cms)
//   public/build/         the hydration bundle and CSS, content-hashed, plus manifest.json
// `--if-stale` skips the build when every output is newer than every source (npm start stays fast).
import { build } from 'esbuild';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const SOURCE_DIRS = ['server', 'client', 'shared', 'cms'];
const STAMP = join(root, 'dist/.build-stamp');
/** Initial JavaScript budget per page, gzipped (Portal I). */
const JS_BUDGET_BYTES = 100 * 1024;

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

if (process.argv.includes('--if-stale') && existsSync(STAMP) && statSync(STAMP).mtimeMs >= newestSource()) {
  process.exit(0);
}

const started = Date.now();
const nodeCommon = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  jsx: 'automatic',
  // Bundled ESM still needs require() for the few CommonJS paths esbuild keeps.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
};

await Promise.all([
  build({ ...nodeCommon, entryPoints: { main: join(root, 'server/main.ts') }, outdir: join(root, 'dist/server') }),
  build({ ...nodeCommon, entryPoints: { main: join(root, 'cms/main.ts') }, outdir: join(root, 'dist/cms') }),
]);

const clientEntry = join(root, 'client/entry.client.tsx');
if (existsSync(clientEntry)) {
  const outdir = join(root, 'public/build');
  rmSync(outdir, { recursive: true, force: true });
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
  });
  const outputs = result.metafile.outputs;
  const entryFile = Object.keys(outputs).find((f) => outputs[f].entryPoint && f.endsWith('.js'));
  const cssFile = Object.keys(outputs).find((f) => f.endsWith('.css'));
  // Initial JS = the entry plus every chunk it imports statically.
  const initial = new Set();
  const visit = (file) => {
    if (initial.has(file)) return;
    initial.add(file);
    for (const imp of outputs[file].imports ?? []) if (imp.kind === 'import-statement') visit(imp.path);
  };
  visit(entryFile);
  const gz = (f) => gzipSync(readFileSync(join(root, f))).length;
  const initialBytes = [...initial].reduce((sum, f) => sum + gz(f), 0);
  const toUrl = (f) => `/${relative(join(root, 'public'), join(root, f)).split('\\').join('/')}`;
  const manifest = {
    entry: toUrl(entryFile),
    css: cssFile ? toUrl(cssFile) : null,
    modulepreload: [...initial].filter((f) => f !== entryFile).map(toUrl),
    initialJsGzipBytes: initialBytes,
  };
  writeFileSync(join(outdir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  console.log(`client: initial JS ${(initialBytes / 1024).toFixed(1)} KB gzipped (budget ${JS_BUDGET_BYTES / 1024} KB)`);
  for (const f of Object.keys(outputs).filter((f) => !f.endsWith('.map'))) {
    console.log(`  ${toUrl(f).padEnd(48)} ${(gz(f) / 1024).toFixed(1)} KB gz`);
  }
  if (initialBytes > JS_BUDGET_BYTES) {
    console.error(`build failed: initial JavaScript ${initialBytes} B gzipped is over the ${JS_BUDGET_BYTES} B budget`);
    process.exit(1);
  }
}

mkdirSync(join(root, 'dist'), { recursive: true });
writeFileSync(STAMP, new Date().toISOString());
console.log(`build: done in ${Date.now() - started} ms`);

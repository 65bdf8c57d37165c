// Builds the two programs and the browser bundle with esbuild:
//   dist/server/main.js   the edge (npm start)
//   dist/cms/main.js      the reference content service (npm run cms)
//   public/build/         the stylesheet and the islands' scripts, content-hashed, compressed, plus
//                         manifest.json (scripts/client-bundle.mjs, which also holds the script budget)
// `--if-stale` skips the build when every output is newer than every source (npm start stays fast), and
// then needs no dev dependency: a production install (`npm ci --omit=dev`) of a built tree starts as is.
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildClient } from './client-bundle.mjs';
import { browserOnly, nodeCommon, reactRouterProduction } from './node-bundle.mjs';

const root = new URL('..', import.meta.url).pathname;
const SOURCE_DIRS = ['server', 'client', 'shared', 'cms'];
const STAMP = join(root, 'dist/.build-stamp');

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

const { build } = await import('esbuild').catch(() => {
  console.error(
    existsSync(STAMP)
      ? 'build: the sources are newer than the build, and esbuild (a dev dependency) is not installed. Build with all dependencies (`npm ci && npm run build`), then install for production (`npm ci --omit=dev`) without changing the sources.'
      : 'build: there is no build yet, and esbuild (a dev dependency) is not installed. Run `npm ci && npm run build` first; a production install (`npm ci --omit=dev`) then starts the built tree.',
  );
  process.exit(1);
});

const started = Date.now();
// `--client` builds the browser's files only (while working on the portal's look).
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

if (!(await buildClient(build))) process.exit(1);

mkdirSync(join(root, 'dist'), { recursive: true });
if (!clientOnly) writeFileSync(STAMP, new Date().toISOString());
console.log(`build: done in ${Date.now() - started} ms`);

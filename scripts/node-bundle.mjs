// How the Node programs are bundled (scripts/build.mjs; the front-door bench builds its server child the
// same way, so it measures the edge as shipped — tsx, say, wraps every function it compiles in a naming
// helper that the bundle does not have).
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

export const nodeCommon = {
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

// react-router's package exports only its development build to Node (its dev warnings and checks). The
// server gets the production one, bundled from its file, so the edge holds one copy of the router (one set
// of its contexts) and `react` stays the package's own. (For correctness, not speed: what it saves per
// render is within a bench's noise.) The browser never loads the router: islands take plain props.
export const reactRouterProduction = {
  name: 'react-router-production',
  setup(b) {
    b.onResolve({ filter: /^react-router(\/dom)?$/ }, (args) => ({
      path: join(root, 'node_modules/react-router/dist/production', args.path.endsWith('/dom') ? 'dom-export.mjs' : 'index.mjs'),
    }));
  },
};

// The deep-zoom and 3D viewers run only in the browser, loaded by import() when a visitor opens them. A
// bundle without code splitting would inline them, and with them a top-level import of OpenSeadragon or
// three.js, which touch `document` as they load: the server gets an empty module in their place (its
// render never opens a viewer).
const BROWSER_ONLY = /\/client\/components\/(?:deep-zoom-viewer|model-viewer-3d)\.ts$/;

export const browserOnly = {
  name: 'browser-only',
  setup(b) {
    b.onResolve({ filter: /-viewer(?:-3d)?\.ts$/ }, (args) => {
      const path = join(args.resolveDir, args.path);
      return BROWSER_ONLY.test(path) ? { path, namespace: 'browser-only' } : undefined;
    });
    b.onLoad({ filter: /.*/, namespace: 'browser-only' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

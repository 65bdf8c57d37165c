// The layers of the code, checked by `npm run lint` (dependency-cruiser). A folder may import the folders
// listed before it, never one listed with it or after it; nothing may import in a circle. `server/`'s
// rooms, from the bottom up:
//
//   config.ts   the validated environment
//   http/       the HTTP base: prepared answers, request log and context, origins, bodies, errors, headers
//   cache/      every in-memory cache: the kit, the named policies the rooms above build theirs with,
//               the response cache and the page cache (generic: bytes, tags, renders)
//   upstream/   the content service's client: signing, errors, answers' shapes
//   content/    the cached content API the rest of the edge calls: keys, lifetimes, visits
//   writes/     the rules and limits of visitors' writes
//   loaders/    the data of each screen
//   pictures/   the pictures of the service's file store: variants (`?w=`) and the IIIF image service
//   pages/ discovery/ proxy/   what the edge answers: the page engine; documents for other programs
//               (sitemaps, feeds, calendars, IIIF manifests); the API and file proxy
//   sharing/    Redis, the purge bus and the cluster's messages (implements the caches' interfaces)
//   ops/        probes, metrics, the operator's figures and routes
//   process/    the process: cluster primary and workers, the embedded service, process settings
//   the files at server/'s top: main.ts (listens), app.ts (builds), door.ts, express.ts, build-files.ts
//
// client/ (the browser bundle, also rendered by the server) and shared/ (pure, anywhere) never import
// server/; shared/ never imports client/.
const ROOMS = [
  ['config', '^server/config\\.ts$'],
  ['http', '^server/http/'],
  ['cache', '^server/cache/'],
  ['upstream', '^server/upstream/'],
  ['content', '^server/content/'],
  ['writes', '^server/writes/'],
  ['loaders', '^server/loaders/'],
  ['pictures', '^server/pictures/'],
  ['answers', '^server/(pages|discovery|proxy)/'],
  ['sharing', '^server/sharing/'],
  ['ops', '^server/ops/'],
  ['process', '^server/process/'],
];
const TOP = '^server/(?!config\\.ts$)[^/]+\\.ts$';

/** Room i may not import rooms i+1…, nor the top files. */
const layerRules = ROOMS.map(([name, from], i) => ({
  name: `${name}-imports-upward`,
  comment: `${name} may import only the rooms below it (see the list at the top of .dependency-cruiser.cjs)`,
  severity: 'error',
  from: { path: from },
  to: { path: [...ROOMS.slice(i + 1).map(([, p]) => p), TOP] },
}));

/** Rooms on one level (pages, discovery, proxy) do not import each other. */
const peerRule = {
  name: 'answer-rooms-import-each-other',
  comment: 'pages/, discovery/ and proxy/ stand side by side: what two of them share belongs to a room below',
  severity: 'error',
  from: { path: '^server/(pages|discovery|proxy)/' },
  to: { path: '^server/(pages|discovery|proxy)/', pathNot: '^server/$1/' },
};

module.exports = {
  forbidden: [
    ...layerRules,
    peerRule,
    {
      name: 'no-circular',
      comment: 'no import cycles, type-only imports included',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'browser-and-pure-code-stay-out-of-server',
      severity: 'error',
      from: { path: '^(client|shared)/' },
      to: { path: '^server/' },
    },
    {
      name: 'islands-stay-light',
      comment:
        "the islands' script (everything the browser loads) never reaches the router, React's server renderer or the page frame's router hooks: islands take plain props and their own strings (the build checks the strings)",
      severity: 'error',
      from: { path: '^client/islands\\.client\\.ts$' },
      to: {
        path: ['node_modules/react-router', 'node_modules/react-dom/server', '^client/page-data\\.ts$', '^client/islands/Island\\.tsx$'],
        reachable: true,
      },
    },
    {
      name: 'shared-is-pure',
      comment: 'shared/ runs anywhere: no React, no browser-only module',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^client/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|public/build|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};

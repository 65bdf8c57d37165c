// The deploy files agree with the code: every YAML parses, every variable they set is one the program reads
// (server/config.ts ENV_VARS, cms/config.ts CMS_CONFIG_TABLE), the probes they call answer, ports, names and selectors line up, the stop
// timings cover SHUTDOWN_TIMEOUT_MS, Redis evicts (allkeys-lru), and the secrets sit in the Secret only.
import yaml from 'js-yaml';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { parseStartScript } from '../../bench/lib/launch.ts';
import pino from 'pino';
import { CMS_CONFIG_TABLE } from '../../cms/config.ts';
import { ENV_VARS } from '../../server/config.ts';
import { createFrontDoor } from '../../server/door.ts';
import { buildExpress } from '../../server/express.ts';
import { createMetrics } from '../../server/ops/metrics.ts';
import { PROBE_PATHS, createReadiness, healthAtDoor, probesRouter } from '../../server/ops/probes.ts';
import type { PathRow } from '../../server/paths.ts';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const docs = (path: string) => yaml.loadAll(read(path)).filter(Boolean) as Doc[];
const k8sFiles = readdirSync(join(root, 'deploy/k8s')).filter((f) => f.endsWith('.yaml'));
const k8s = k8sFiles.flatMap((f) => docs(`deploy/k8s/${f}`));
const find = (kind: string, name: string) => {
  const doc = k8s.find((d) => d.kind === kind && d.metadata?.name === name);
  if (!doc) throw new Error(`no ${kind} ${name} in deploy/k8s`);
  return doc;
};
const compose = docs('deploy/docker-compose.yml')[0]!;
const SECRET_NAMES = ['TOKEN_KEY', 'APP_ID', 'ADMIN_TOKEN'];

describe('deploy files', () => {
  it('every YAML file under deploy/ parses', () => {
    const files = ['deploy/docker-compose.yml', ...k8sFiles.map((f) => `deploy/k8s/${f}`), 'deploy/prometheus/edge-alerts.yml'];
    for (const file of files) expect(docs(file).length, file).toBeGreaterThan(0);
    expect(k8s.map((d) => d.kind).sort()).toEqual(
      [
        'ConfigMap',
        'Deployment',
        'Deployment',
        'HorizontalPodAutoscaler',
        'Kustomization',
        'PodDisruptionBudget',
        'Secret',
        'Service',
        'Service',
      ].sort(),
    );
    const listed = k8s.find((d) => d.kind === 'Kustomization')!;
    expect([...listed.resources].sort()).toEqual(k8sFiles.filter((f) => f !== 'kustomization.yaml').sort());
  });

  it('every variable set for the edges is one server/config.ts reads, for the service one cms/config.ts reads; secrets only in the Secret', () => {
    const known = new Set(Object.keys(ENV_VARS));
    for (const name of ['edge-1', 'edge-2']) {
      for (const key of Object.keys(compose.services[name].environment)) expect(known.has(key), `${name}: ${key}`).toBe(true);
    }
    const cmsKnown = new Set<string>(CMS_CONFIG_TABLE.map((row) => row.name));
    for (const key of Object.keys(compose.services.cms.environment)) expect(cmsKnown.has(key), `cms: ${key}`).toBe(true);
    const config = find('ConfigMap', 'edge-config').data as Record<string, string>;
    const secret = find('Secret', 'edge-secrets').stringData as Record<string, string>;
    for (const key of [...Object.keys(config), ...Object.keys(secret)]) expect(known.has(key), key).toBe(true);
    expect(Object.keys(secret).sort()).toEqual([...SECRET_NAMES].sort());
    for (const name of SECRET_NAMES) expect(config[name], name).toBeUndefined();
    const edge = find('Deployment', 'museum-edge').spec.template.spec.containers[0];
    expect(edge.envFrom).toEqual([{ configMapRef: { name: 'edge-config' } }, { secretRef: { name: 'edge-secrets' } }]);
  });

  it('the probes the Deployment calls answer (liveness /healthz 200, readiness /readyz)', async () => {
    const edge = find('Deployment', 'museum-edge').spec.template.spec.containers[0];
    expect(edge.livenessProbe.httpGet.path).toBe('/healthz');
    expect(edge.readinessProbe.httpGet.path).toBe('/readyz');
    const readiness = createReadiness({
      now: Date.now,
      windowMs: 1000,
      probe: async () => readiness.markAnswered(),
      detail: () => ({ redis: { state: 'down' } }),
    });
    // As the server runs them: /healthz is the front door's part, /readyz Express's part behind it.
    const logger = pino({ level: 'silent' });
    const log = { logger, observe: () => undefined, draining: () => false };
    const rows: PathRow[] = [
      {
        room: 'probes',
        exact: PROBE_PATHS,
        door: healthAtDoor([], log),
        express: [probesRouter({ readiness, metrics: createMetrics({ defaultMetrics: false }) })],
      },
      { room: 'pages', door: null, express: [] },
    ];
    const app = createFrontDoor({
      rows,
      next: buildExpress({ log, security: [], logger, trust: () => false, rows }),
      security: [],
      log,
    });
    for (const probe of [edge.startupProbe, edge.livenessProbe, edge.readinessProbe]) {
      expect((await request(app).get(probe.httpGet.path)).status, probe.httpGet.path).toBe(200);
    }
    // Redis down is shown in /readyz, never failing it.
    expect((await request(app).get('/readyz')).body.redis).toEqual({ state: 'down' });
    expect(read('Dockerfile')).toMatch(/HEALTHCHECK[\s\S]*\/healthz/);
  });

  it('ports and names line up: container, Service, ConfigMap, compose, nginx, Dockerfile', () => {
    const deployment = find('Deployment', 'museum-edge');
    const config = find('ConfigMap', 'edge-config').data as Record<string, string>;
    const container = deployment.spec.template.spec.containers[0];
    const http = container.ports.find((p: Doc) => p.name === 'http');
    expect(String(http.containerPort)).toBe(config.PORT);
    expect(find('Service', 'museum-edge').spec.ports[0].targetPort).toBe('http');
    expect(read('Dockerfile')).toMatch(new RegExp(`EXPOSE ${config.PORT}\\b`));
    const podLabels = deployment.spec.template.metadata.labels;
    expect(find('Service', 'museum-edge').spec.selector).toEqual(podLabels);
    expect(find('PodDisruptionBudget', 'museum-edge').spec.selector.matchLabels).toEqual(podLabels);
    expect(find('HorizontalPodAutoscaler', 'museum-edge').spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'museum-edge' });
    expect(find('HorizontalPodAutoscaler', 'museum-edge').spec.metrics[0].resource.name).toBe('cpu');
    expect(container.resources.requests.cpu).toBeDefined(); // the HPA's utilisation is relative to it

    // Redis: the URL names the Service and its port.
    const redisUrl = new URL(config.REDIS_URL!);
    const redisService = find('Service', redisUrl.hostname);
    expect(String(redisService.spec.ports[0].port)).toBe(redisUrl.port);

    // Compose: edges on PORT, the service on CMS_PORT, nginx to the edges' port, the balancer's port published.
    const nginx = read('deploy/nginx/edge-lb.conf');
    for (const name of ['edge-1', 'edge-2']) {
      const env = compose.services[name].environment;
      expect(nginx).toContain(`server ${name}:${env.PORT}`);
      expect(new URL(env.REDIS_URL).hostname).toBe('redis');
      expect(new URL(env.UPSTREAM_URL).port).toBe(compose.services.cms.environment.CMS_PORT);
      expect(new URL(env.UPSTREAM_URL).hostname).toBe('cms');
    }
    const listen = /listen (\d+);/.exec(nginx)![1];
    expect(compose.services.lb.ports).toContain(`8080:${listen}`);
  });

  it('/metrics is reachable only from inside: compose publishes nginx alone, Kubernetes has no Service or Ingress outside', () => {
    // Compose: the edges and the service are on the project network only; the balancer is the one published port.
    const published = Object.entries(compose.services as Record<string, Doc>).filter(([, service]) => service.ports);
    expect(published.map(([name]) => name)).toEqual(['lb']);
    expect(compose.services.lb.volumes).toContain('./nginx/edge-lb.conf:/etc/nginx/conf.d/default.conf:ro');
    expect(k8s.filter((d) => d.kind === 'Ingress')).toEqual([]);
    // A Service without a type is a ClusterIP one.
    for (const service of k8s.filter((d) => d.kind === 'Service'))
      expect(service.spec.type ?? 'ClusterIP', service.metadata.name).toBe('ClusterIP');
    // nginx: one case-insensitive rule refuses the path with or without more after it (test/integration/
    // nginx-metrics.test.ts runs the file in a real nginx); here its pattern, over paths as nginx normalises them.
    const rule = /location ~\* (\S+) \{\s*return 404;\s*\}/.exec(read('deploy/nginx/edge-lb.conf'));
    expect(rule, 'edge-lb.conf refuses /metrics with a case-insensitive pattern').not.toBeNull();
    const hidden = new RegExp(rule![1]!, 'i');
    for (const path of ['/metrics', '/metrics/', '/METRICS', '/Metrics', '/mEtRiCs/', '/metrics/x'])
      expect(hidden.test(path), path).toBe(true);
    for (const path of ['/', '/News/SNews', '/metricsboard', '/healthz', '/readyz']) expect(hidden.test(path), path).toBe(false);
  });

  it('stopping waits long enough: grace period ≥ preStop pause + SHUTDOWN_TIMEOUT_MS', () => {
    const spec = find('Deployment', 'museum-edge').spec.template.spec;
    const config = find('ConfigMap', 'edge-config').data as Record<string, string>;
    const pauseS = Number(spec.containers[0].lifecycle.preStop.exec.command[1]);
    expect(spec.terminationGracePeriodSeconds).toBeGreaterThan(pauseS + Number(config.SHUTDOWN_TIMEOUT_MS) / 1000);
    for (const name of ['edge-1', 'edge-2']) {
      const grace = Number(/^(\d+)s$/.exec(compose.services[name].stop_grace_period)![1]);
      expect(grace * 1000).toBeGreaterThan(Number(compose.services[name].environment.SHUTDOWN_TIMEOUT_MS));
    }
  });

  it('Redis is bounded and evicts the least recently used keys, in compose and in Kubernetes', () => {
    const args = [compose.services.redis.command, find('Deployment', 'edge-redis').spec.template.spec.containers[0].args];
    for (const list of args) {
      expect(list[list.indexOf('--maxmemory-policy') + 1]).toBe('allkeys-lru');
      expect(list[list.indexOf('--maxmemory') + 1]).toMatch(/^\d+mb$/);
    }
  });

  it('the image builds in stages and runs the edge as a non-root user', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile.match(/^FROM /gm)!.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^USER (?!root)\w+/m);
    expect(dockerfile).toMatch(/^CMD \["node", (?:"--[^"]+", )*"dist\/server\/main\.js"\]$/m);
  });

  it("the server bundle carries react-router's production build, once (its Node export is the development one)", () => {
    // npm test builds first (scripts/build.mjs --if-stale); esbuild names every bundled file in a comment.
    const bundle = read('dist/server/main.js');
    expect(bundle).toContain('node_modules/react-router/dist/production/');
    expect(bundle).not.toContain('react-router/dist/development');
    expect(bundle).not.toMatch(/from ["']react-router["']/);
  });

  it('the image runs the edge with the memory settings of npm start (and of the soak bench)', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start!;
    const launch = parseStartScript(start);
    expect(launch).toEqual({
      env: { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2' },
      nodeArgs: ['--max-semi-space-size=32'],
      entry: 'dist/server/main.js',
    });
    const dockerfile = read('Dockerfile');
    for (const [name, value] of Object.entries(launch.env)) expect(dockerfile).toMatch(new RegExp(`^ENV .*\\b${name}=${value}\\b`, 'm'));
    expect(dockerfile).toContain(`CMD ${JSON.stringify(['node', ...launch.nodeArgs, launch.entry]).replaceAll(',', ', ')}`);
  });

  const composeAvailable = (() => {
    try {
      execFileSync('docker', ['compose', 'version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  it.skipIf(!composeAvailable)('docker compose accepts the compose file', () => {
    execFileSync('docker', ['compose', '-f', join(root, 'deploy/docker-compose.yml'), 'config', '--quiet'], { stdio: 'pipe' });
  });
});

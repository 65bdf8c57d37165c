// deploy/: every metric the Grafana dashboard and the Prometheus rules query is one the edge exports on
// /metrics (names only; recording rules and Prometheus's own `up` aside), and the per-endpoint series.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../world/requests.ts';
import { startWorld, type World } from '../world/world.ts';

const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'offset',
  'bool',
  'and',
  'or',
  'unless',
  'le',
  'inf',
  'nan',
]);

/** Metric names a PromQL expression reads: identifiers that are not functions, keywords, labels or strings. */
export function metricNames(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '');
  const names = new Set<string>();
  for (const m of stripped.matchAll(/(?<![A-Za-z0-9_:.$])[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const word = m[0];
    const followedByParen = stripped
      .slice(m.index! + word.length)
      .trimStart()
      .startsWith('(');
    if (followedByParen || PROMQL_WORDS.has(word.toLowerCase())) continue;
    names.add(word);
  }
  return [...names];
}

const dashboard = JSON.parse(readFileSync('deploy/grafana/edge-dashboard.json', 'utf8')) as {
  panels: Array<{ targets?: Array<{ expr: string }> }>;
  templating: { list: Array<{ definition?: string }> };
};
const alerts = readFileSync('deploy/prometheus/edge-alerts.yml', 'utf8');
const dashboardExprs = [
  ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr)),
  ...dashboard.templating.list.map((v) => (v.definition ?? '').replace(/^label_values\(([^,]+),.*$/, '$1')),
];
/** The `expr:` values of the rules file (plain or `|` blocks). */
const alertExprs = [...alerts.matchAll(/expr:\s*(?:\|\s*\n((?:\s{10,}.*\n)+)|(.+))/g)].map((m) => (m[1] ?? m[2] ?? '').trim());
const recorded = new Set([...alerts.matchAll(/record:\s*(\S+)/g)].map((m) => m[1]!));

let world: World;
let exported: Set<string>;
let text: string;
beforeAll(async () => {
  world = await startWorld({ env: { ADMIN_TOKEN: 'operator-token-0123456789' } });
  await postJson(`${world.url}/api/queryArchivesList`, { entity: { channelNo: 'Media' }, param: { pageNum: 1, pageSize: 5 } });
  await postJson(`${world.url}/api/queryArchivesList`, { entity: { channelNo: 'Media' }, param: { pageNum: 1, pageSize: 5 } });
  text = await (await fetch(`${world.url}/metrics`)).text();
  exported = new Set<string>();
  for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    exported.add(m[1]!);
    if (m[2] === 'histogram') for (const s of ['_bucket', '_sum', '_count']) exported.add(m[1]! + s);
    if (m[2] === 'summary') for (const s of ['_sum', '_count']) exported.add(m[1]! + s);
  }
});
afterAll(() => world.close());

describe('deploy/ queries only exported metrics', () => {
  it('finds the names in PromQL', () => {
    expect(
      metricNames(
        'histogram_quantile(0.95, sum by (le, kind) (label_replace(rate(http_request_duration_seconds_bucket{instance=~"$instance"}[5m]), "kind", "$1", "route", "([^:]+).*")))',
      ),
    ).toEqual(['http_request_duration_seconds_bucket']);
    expect(metricNames('a:b:rate5m < 0.5 * (a:b:rate5m offset 1h) and on (instance) sum by (instance) (rate(x_total[5m])) > 0.2')).toEqual([
      'a:b:rate5m',
      'x_total',
    ]);
  });

  it('the Grafana dashboard', () => {
    expect(dashboardExprs.length).toBeGreaterThan(20);
    const names = new Set(dashboardExprs.flatMap(metricNames));
    expect(names.size).toBeGreaterThan(8);
    expect([...names].filter((n) => !exported.has(n))).toEqual([]);
    expect(names).not.toContain('edge_redis_up'); // not exported yet: not queried
  });

  it('the Prometheus rules (recording rules and `up` aside)', () => {
    expect(alertExprs.length).toBe(11);
    const names = new Set(alertExprs.flatMap(metricNames));
    expect([...names].filter((n) => !exported.has(n) && !recorded.has(n) && n !== 'up')).toEqual([]);
  });
});

describe('/metrics per endpoint', () => {
  it('has lookups, entries, bytes, hit ratio, recent latency and the lifetime in force by endpoint', () => {
    expect(text).toMatch(/edge_endpoint_cache_events_total\{endpoint="queryArchivesList",event="miss"\} 1/);
    expect(text).toMatch(/edge_endpoint_cache_events_total\{endpoint="queryArchivesList",event="hit"\} 1/);
    expect(text).toMatch(/edge_endpoint_cache_entries\{endpoint="queryArchivesList"\} 1/);
    expect(text).toMatch(/edge_endpoint_cache_bytes\{endpoint="queryArchivesList"\} [1-9]\d*/);
    expect(text).toMatch(/edge_endpoint_cache_hit_ratio\{endpoint="queryArchivesList"\} 0\.5/);
    expect(text).toMatch(/edge_upstream_recent_latency_seconds\{endpoint="queryArchivesList",quantile="0\.95"\} \d/);
    expect(text).toMatch(/edge_cache_rule_ttl_seconds\{endpoint="queryArchivesList",source="catalogue"\} 60/);
    expect(text).toMatch(/^edge_ready 1$/m);
    expect(text).toMatch(/^edge_rules_file_ok 1$/m);
    expect(text).toMatch(/# TYPE edge_page_renders_total counter/);
  });
});

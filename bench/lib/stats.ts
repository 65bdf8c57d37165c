// Latency bookkeeping for the load loops: percentiles from a sorted copy (runs are a few seconds long).
export interface LoadFigures {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function summarize(latenciesMs: number[], errors: number, seconds: number): LoadFigures {
  const sorted = Float64Array.from(latenciesMs).sort();
  return {
    requests: latenciesMs.length,
    errors,
    seconds,
    rps: latenciesMs.length / seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
  };
}

export function table(rows: Array<{ name: string; cpuUsPerRequest?: number } & LoadFigures>): string {
  const withCpu = rows.some((r) => r.cpuUsPerRequest !== undefined);
  const head = ['case', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors', ...(withCpu ? ['server CPU µs/req'] : [])];
  const body = rows.map((r) => [
    r.name,
    r.rps.toFixed(0),
    r.p50Ms.toFixed(2),
    r.p99Ms.toFixed(2),
    String(r.requests),
    String(r.errors),
    ...(withCpu ? [r.cpuUsPerRequest === undefined ? '' : r.cpuUsPerRequest.toFixed(0)] : []),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(head), rule, ...body.map(line)].join('\n');
}

/** The middle value (the upper one of an even count): the figure the benches quote per case. */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

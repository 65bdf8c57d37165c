// How long each endpoint's answers stay fresh: the TTL rules in layers, the most specific winning:
//   the operator API (PUT /_edge/rules) > CACHE_RULES (env) > CACHE_RULES_FILE > CACHE_TTL_S (every endpoint)
//   > the catalogue default.
// The rules are live: the file is re-read when it changes and the operator API sets its layer at run
// time; every lookup asks the rules, so a change applies to the next call (entries already cached keep
// the lifetime they were stored with). Writes are never cached whatever the rules say.
import { readFileSync, unwatchFile, watchFile, type Stats } from 'node:fs';
import type { Logger } from 'pino';
import { ENDPOINTS, ENDPOINT_BY_NAME, type EndpointName, type EndpointSpec } from '../../shared/endpoints.ts';
import { parseCacheRulesJson, type CacheRules, type Config } from '../config.ts';

export type TtlPolicy = (name: EndpointName) => number;

/** Where an endpoint's lifetime came from, highest first. */
type RuleSource = 'api' | 'CACHE_RULES' | 'CACHE_RULES_FILE' | 'CACHE_TTL_S' | 'catalogue';

export interface EffectiveRule {
  endpoint: EndpointName;
  ttlS: number;
  source: RuleSource;
  /** The catalogue default, for comparison. */
  defaultTtlS: number;
}

export interface LiveRules {
  /** The lifetime of an endpoint now (0 for writes): what the content API asks on every call. */
  readonly ttlFor: TtlPolicy;
  /** Every read endpoint with its lifetime and where it came from. */
  effective(): EffectiveRule[];
  /** The operator layer (PUT /_edge/rules). */
  api(): CacheRules;
  /** Replaces the operator layer (already checked). */
  setApi(rules: CacheRules): void;
  /** Replaces the rules-file layer (already checked). */
  setFile(rules: CacheRules): void;
  file(): CacheRules;
  /** Told after every change (metrics, logs). */
  onChange(listener: (layer: 'api' | 'file') => void): void;
}

/** The read-only rows of the catalogue: the endpoints that have a lifetime. */
export const READ_ENDPOINTS: readonly EndpointName[] = ENDPOINTS.filter((e) => !e.write).map((e) => e.name as EndpointName);

export function createLiveRules(cache: Config['cache']): LiveRules {
  let apiRules: CacheRules = {};
  let fileRules: CacheRules = cache.fileRules ?? {};
  const envRules: CacheRules = cache.envRules ?? cache.rules;
  const listeners: Array<(layer: 'api' | 'file') => void> = [];
  // Resolved once per change: the content API asks on every call (the hit fast path included).
  let table = new Map<EndpointName, EffectiveRule>();

  function resolve(): void {
    const next = new Map<EndpointName, EffectiveRule>();
    for (const endpoint of READ_ENDPOINTS) {
      const defaultTtlS = specOf(endpoint).ttlS;
      const pick = (ttlS: number, source: RuleSource) => next.set(endpoint, { endpoint, ttlS, source, defaultTtlS });
      if (apiRules[endpoint] !== undefined) pick(apiRules[endpoint], 'api');
      else if (envRules[endpoint] !== undefined) pick(envRules[endpoint], 'CACHE_RULES');
      else if (fileRules[endpoint] !== undefined) pick(fileRules[endpoint], 'CACHE_RULES_FILE');
      else if (cache.ttlS !== null) pick(cache.ttlS, 'CACHE_TTL_S');
      else pick(defaultTtlS, 'catalogue');
    }
    table = next;
  }
  resolve();

  const changed = (layer: 'api' | 'file') => {
    resolve();
    for (const listener of listeners) listener(layer);
  };

  return {
    ttlFor: (name) => table.get(name)?.ttlS ?? (specOf(name), 0),
    effective: () => [...table.values()].map((rule) => ({ ...rule })),
    api: () => apiRules,
    setApi(rules) {
      apiRules = Object.freeze({ ...rules });
      changed('api');
    },
    setFile(rules) {
      fileRules = Object.freeze({ ...rules });
      changed('file');
    },
    file: () => fileRules,
    onChange(listener) {
      listeners.push(listener);
    },
  };
}

/** The catalogue row of a name; an unknown name is a programming error, not a visitor's. */
export function specOf(name: EndpointName): EndpointSpec {
  const spec = (ENDPOINT_BY_NAME as Record<string, EndpointSpec | undefined>)[name];
  if (!spec) throw new Error(`"${name}" is not an endpoint of the catalogue (shared/endpoints.ts)`);
  return spec;
}

// ---- The rules file ----
//
// CACHE_RULES_FILE, re-read while the edge runs. The file is polled (fs.watchFile): an editor that saves
// by writing a new file and renaming it, a ConfigMap update (a symlink swap) and a plain write are all
// seen, which fs.watch does not promise. A changed file takes effect within two polls; the cache is
// kept. A file that cannot be read or holds a bad rule is logged and ignored whole: the rules in force
// stay until a good version appears.

export interface RulesFileWatcher {
  readonly path: string;
  /** Reads the file now (what the poll does on a change); true when its rules were taken. */
  reload(): boolean;
  /** The last problem with the file (null when the rules in force are the file's). */
  readonly problem: string | null;
  readonly loadedAt: number | null;
  close(): void;
}

/** How often the file is looked at. */
const RULES_FILE_POLL_MS = 1000;

export function watchRulesFile(
  path: string,
  rules: LiveRules,
  options: { logger: Logger; now: () => number; intervalMs?: number },
): RulesFileWatcher {
  const { logger, now } = options;
  let lastText: string | null = null;
  let problem: string | null = null;
  let loadedAt: number | null = null;

  function reload(): boolean {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      problem = `cannot read ${path}: ${(err as Error).message}`;
      logger.warn({ file: path, err: (err as Error).message }, `CACHE_RULES_FILE ignored (the rules in force stay): ${problem}`);
      return false;
    }
    if (text === lastText) return problem === null;
    lastText = text;
    try {
      const next = parseCacheRulesJson(text);
      rules.setFile(next);
      problem = null;
      loadedAt = now();
      logger.info({ file: path, rules: next }, 'CACHE_RULES_FILE re-read: new lifetimes in force');
      return true;
    } catch (err) {
      problem = `${path} ${(err as Error).message}`;
      logger.warn({ file: path, err: (err as Error).message }, `CACHE_RULES_FILE ignored (the rules in force stay): ${problem}`);
      return false;
    }
  }

  // The start-up read (config.ts) already checked the file; remember its text so the first poll is quiet.
  try {
    lastText = readFileSync(path, 'utf8');
    loadedAt = now();
  } catch {
    lastText = null;
  }

  const listener = (curr: Stats, prev: Stats) => {
    if (curr.mtimeMs === prev.mtimeMs && curr.size === prev.size && curr.ino === prev.ino) return;
    if (curr.nlink === 0 && curr.mtimeMs === 0) {
      problem = `${path} is gone`;
      logger.warn({ file: path }, `CACHE_RULES_FILE ignored (the rules in force stay): ${problem}`);
      return;
    }
    reload();
  };
  watchFile(path, { interval: options.intervalMs ?? RULES_FILE_POLL_MS, persistent: false }, listener);

  return {
    path,
    reload,
    get problem() {
      return problem;
    },
    get loadedAt() {
      return loadedAt;
    },
    close() {
      unwatchFile(path, listener);
    },
  };
}

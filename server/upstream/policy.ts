// How long each endpoint's answers stay fresh. Most specific wins:
//   the operator API (PUT /_edge/rules) > CACHE_RULES (env) > CACHE_RULES_FILE > CACHE_TTL_S (every endpoint)
//   > the catalogue default.
// The rules are live: the file is re-read when it changes (server/ops/rules-file.ts) and the API sets its
// layer at run time; every lookup asks the policy, so a change applies to the next call (entries already
// cached keep the lifetime they were stored with). Writes are never cached whatever the rules say.
import { ENDPOINTS, ENDPOINT_BY_NAME, type EndpointName, type EndpointSpec } from '../../shared/endpoints.ts';
import type { CacheRules, Config } from '../config.ts';

export type TtlPolicy = (name: EndpointName) => number;

/** Where an endpoint's lifetime came from, highest first. */
export type RuleSource = 'api' | 'CACHE_RULES' | 'CACHE_RULES_FILE' | 'CACHE_TTL_S' | 'catalogue';

export interface EffectiveRule {
  endpoint: EndpointName;
  ttlS: number;
  source: RuleSource;
  /** The catalogue default, for comparison. */
  defaultTtlS: number;
}

export interface LiveRules {
  /** The lifetime of an endpoint now (0 for writes): what the gateway asks on every call. */
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
  // Resolved once per change: the gateway asks on every call (the hit fast path included).
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

/** The start-up rules as one fixed policy (no operator layer). */
export function createTtlPolicy(cache: Config['cache']): TtlPolicy {
  return (name) => {
    const spec = specOf(name);
    if (spec.write) return 0;
    return cache.rules[name] ?? cache.ttlS ?? spec.ttlS;
  };
}

/** The catalogue row of a name; an unknown name is a programming error, not a visitor's. */
export function specOf(name: EndpointName): EndpointSpec {
  const spec = (ENDPOINT_BY_NAME as Record<string, EndpointSpec | undefined>)[name];
  if (!spec) throw new Error(`"${name}" is not an endpoint of the catalogue (shared/endpoints.ts)`);
  return spec;
}

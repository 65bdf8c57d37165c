// How long each endpoint's answers stay fresh. Most specific wins:
//   CACHE_RULES (env) > CACHE_RULES_FILE > CACHE_TTL_S (every endpoint) > the catalogue default.
// (The env and the file are merged in config.ts.) Writes are never cached whatever the rules say.
import { ENDPOINT_BY_NAME, type EndpointName, type EndpointSpec } from '../../shared/endpoints.ts';
import type { Config } from '../config.ts';

export type TtlPolicy = (name: EndpointName) => number;

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

// Where the service answers each catalogue row: deployed services sit behind one gateway per
// service on the same origin, e.g. `/japi/sw-cms` for the content API
// and the sibling `/japi/sw-file-cloud` for files. The reference service answers every row at
// `gateways[row.service] + row.servicePath`; files themselves stay at `/file/*` on the origin.
import { DEPLOYED_GATEWAYS, SERVICE_NAMES, SERVICE_PUBLIC_PREFIX, type GatewayPrefixes } from '../shared/endpoints.ts';

export { DEPLOYED_GATEWAYS, type GatewayPrefixes };

/** A gateway path: '' (the origin's root) or `/segment/...`, without a trailing slash. */
const GATEWAY_PATH = /^(\/[A-Za-z0-9._~-]+)*$/;

const trim = (prefix: string): string => prefix.replace(/\/+$/, '');

/**
 * The layout in which the content API sits at `content` and the other services below it at their
 * public prefixes (`<content>/sw-file`, `<content>/sw-es`, `<content>/sw-cms-zb`): the service's
 * historical single-prefix layout, and the default.
 */
function nestedGateways(content = ''): GatewayPrefixes {
  const root = trim(content);
  return Object.fromEntries(
    SERVICE_NAMES.map((s) => [s, s === 'content' ? root : `${root}${SERVICE_PUBLIC_PREFIX[s]}`]),
  ) as GatewayPrefixes;
}

/**
 * A complete layout from options: each given gateway as is, the missing ones nested below the
 * content gateway (or the legacy `prefix`), as `nestedGateways` places them.
 */
export function resolveGateways(gateways: Partial<GatewayPrefixes> = {}, legacyPrefix?: string): GatewayPrefixes {
  const base = nestedGateways(gateways.content ?? legacyPrefix ?? '');
  const layout = Object.fromEntries(SERVICE_NAMES.map((s) => [s, trim(gateways[s] ?? base[s])])) as GatewayPrefixes;
  for (const s of SERVICE_NAMES) {
    if (!GATEWAY_PATH.test(layout[s]))
      throw new Error(`gateway of the ${s} service must be a path such as /japi/sw-cms (got "${layout[s]}")`);
  }
  return Object.freeze(layout);
}

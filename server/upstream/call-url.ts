// Where a catalogue call goes: base URL + the service's gateway prefix + the row's service path, and the
// query string the row allows.
import { buildPath, type EndpointSpec, type GatewayPrefixes } from '../../shared/endpoints.ts';

export interface UpstreamOrigin {
  baseUrl: string;
  /** Each service's gateway prefix on the upstream origin. */
  gateways: GatewayPrefixes;
  appId: string;
}

export function callUrl(
  { baseUrl, gateways, appId }: UpstreamOrigin,
  req: { spec: EndpointSpec; params?: Record<string, string | number>; query?: Record<string, string> },
): string {
  const base = `${baseUrl}${gateways[req.spec.service]}${buildPath(req.spec, req.params, 'servicePath')}`;
  if (!req.spec.query) return base;
  const search = new URLSearchParams();
  // The query was filtered where the call was made (proxy/call.ts: no browser sends appId or a token);
  // appId is the edge's own (DESIGN.md "The key never leaves the server").
  for (const [name, value] of Object.entries(req.query ?? {})) search.set(name, value);
  if (req.spec.query !== 'any' && req.spec.query.includes('appId')) search.set('appId', appId);
  const qs = search.toString();
  return qs ? `${base}?${qs}` : base;
}

// One look at each gateway when the edge starts, so an operator with a wrong variable reads which one
// in the first lines of the log instead of finding broken pages: the content API answers
// queryAllChannel, the file API a one-row file list, the report gateway a one-day report. A failure is
// a warning naming the variable to check — never fatal: the service may simply be down for a moment,
// and the edge serves what it can (and /readyz says so) until it is back.
import type { Logger } from 'pino';
import { ENDPOINT_BY_NAME, type GatewayPrefixes, type ServiceName } from '../../shared/endpoints.ts';
import type { UpstreamClient, UpstreamRequest } from './client.ts';
import { UpstreamError } from './upstream-error.ts';

const VARIABLE: Record<ServiceName, string> = {
  content: 'UPSTREAM_PREFIX',
  file: 'UPSTREAM_FILE_PREFIX',
  search: 'UPSTREAM_SEARCH_PREFIX',
  report: 'UPSTREAM_REPORT_PREFIX',
};

/** The lightest call of the content gateway (the CN channel list): also what /readyz asks. */
export const CONTENT_PROBE: UpstreamRequest = { spec: ENDPOINT_BY_NAME.queryAllChannel!, params: { site: 'CN' } };

/** A light call per gateway (search is left out: its cluster is optional in deployments). */
const PROBES: ReadonlyArray<{ service: ServiceName; request: UpstreamRequest }> = [
  { service: 'content', request: CONTENT_PROBE },
  {
    service: 'file',
    request: {
      spec: ENDPOINT_BY_NAME.queryFileList!,
      body: { entity: { objectId: 'startup-check', code: 'CMS_ARCHIVES_IMG' }, param: { pageSize: 1, pageNum: 1 } },
    },
  },
  { service: 'report', request: { spec: ENDPOINT_BY_NAME.getBaiduReport!, params: { number: 1 } } },
];

interface GatewayCheck {
  service: ServiceName;
  ok: boolean;
  /** What went wrong, for the log line; empty when ok. */
  problem: string;
}

export async function checkGateways(
  client: Pick<UpstreamClient, 'send'>,
  gateways: GatewayPrefixes,
  logger: Logger,
): Promise<GatewayCheck[]> {
  return Promise.all(
    PROBES.map(async ({ service, request }): Promise<GatewayCheck> => {
      const where = `${gateways[service]}${request.spec.servicePath}`;
      try {
        await client.send({ ...request, requestId: 'startup-check' });
        logger.info({ service, gateway: gateways[service] }, `${service} gateway answers at ${where}`);
        return { service, ok: true, problem: '' };
      } catch (err) {
        const problem = err instanceof UpstreamError ? err.message : String(err);
        // An application answer (the envelope with another code) means the gateway itself is right.
        if (err instanceof UpstreamError && err.code === 'UPSTREAM_APP') return { service, ok: true, problem: '' };
        const hint =
          err instanceof UpstreamError && err.httpStatus === 401
            ? 'check APP_ID and TOKEN_KEY'
            : `check UPSTREAM_URL and ${VARIABLE[service]}`;
        logger.warn(
          { service, gateway: gateways[service], problem },
          `${service} gateway did not answer at ${where} (${problem}): ${hint}`,
        );
        return { service, ok: false, problem };
      }
    }),
  );
}

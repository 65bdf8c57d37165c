// What the proxy bench asks, shared by the servers' process and the load generator.
export const BENCH_PREFIX = '/japi/sw-cms';
/** A news list page as the portal asks for it. */
export const BENCH_LIST_BODY = { entity: { channelNo: 'SNews' }, param: { pageNum: 1, pageSize: 10 } };

export interface BenchTargets {
  edgeUrl: string;
  bareUrl: string;
  cmsUrl: string;
  bodyBytes: number;
}

/** The front-door bench's page (a list page as visitors get it). */
export const DOOR_PAGE = '/News/SNews';

export interface DoorTargets {
  edgeUrl: string;
  bareUrl: string;
  /** Bare node:http with the edge's per-answer duties: request id, access line, duration metric. */
  dutiesUrl: string;
  pageBytes: number;
  apiBytes: number;
}

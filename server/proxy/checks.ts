// What a proxied call may ask of the content service, checked where a browser's request becomes a call
// (proxy/call.ts), so the fast path and the Express routes hold the same rule: every path parameter by
// its rule in the catalogue, and the page size of a list by the row's page-size column. A refusal is a
// 400 with a stable code; nothing refused reaches the cache or the service.
import { PATH_PARAM_RULES, type EndpointSpec, type PageSizePolicy } from '../../shared/endpoints.ts';

export type RefusalCode = 'BAD_PATH_PARAM' | 'BAD_BODY' | 'BAD_PAGE_SIZE' | 'BAD_PAGE_NUMBER';

/** A proxied request the edge does not pass on: the 400's stable code and its message. */
export class CallRefused {
  constructor(
    readonly code: RefusalCode,
    readonly msg: string,
  ) {}
}

/** Where the services of this family read a page size and a page number: in `param`, or at the top (search). */
const SIZE_FIELDS = ['pageSize', 'size'] as const;
const NUMBER_FIELDS = ['pageNum', 'page'] as const;

/** The first path parameter its rule refuses; null when all pass. */
export function pathParamRefusal(spec: EndpointSpec, params: Record<string, string>): CallRefused | null {
  // for…in over the matcher's own plain object: no array made per request on the hit path.
  for (const name in params) {
    const rule = PATH_PARAM_RULES[name];
    if (rule === undefined) return new CallRefused('BAD_PATH_PARAM', `${spec.name} takes no path parameter "${name}"`);
    if (!rule.pattern.test(params[name]!)) return new CallRefused('BAD_PATH_PARAM', `The ${name} in the path of ${spec.name} must be ${rule.what}`);
  }
  return null;
}

type Whole = number | 'absent' | 'not whole';

/** A paging value as clients send it: a number or a numeric string; null and '' mean "not given". */
function wholeOf(value: unknown): Whole {
  if (value === undefined || value === null || value === '') return 'absent';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : 'not whole';
  if (typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value)) return Number(value);
  return 'not whole';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function sizeRefusal(spec: EndpointSpec, policy: PageSizePolicy, prefix: string, name: string, value: unknown): CallRefused | null {
  const size = wholeOf(value);
  if (size === 'absent' || (typeof size === 'number' && size >= 1 && size <= policy.max)) return null;
  if (size === 0 && policy.all) return null;
  const field = `${prefix}${name}`;
  const range = `1 to ${policy.max} records a page${policy.all ? ', or 0 for all of them' : ''}`;
  if (size === 'not whole') return new CallRefused('BAD_PAGE_SIZE', `${field} must be a whole number: ${range}`);
  if (size === 0) return new CallRefused('BAD_PAGE_SIZE', `${field} 0 (all records at once) is not offered for ${spec.name}: ask for ${range}`);
  return new CallRefused('BAD_PAGE_SIZE', `${field} ${size} is not offered for ${spec.name}: ask for ${range}`);
}

function numberRefusal(prefix: string, name: string, value: unknown): CallRefused | null {
  const page = wholeOf(value);
  if (page === 'absent' || (typeof page === 'number' && page >= 0)) return null;
  return new CallRefused('BAD_PAGE_NUMBER', `${prefix}${name} must be a whole page number (1 for the first page)`);
}

/** The paging fields of one object (`param`, or the body itself), each checked by its kind. */
function pagingRefusal(spec: EndpointSpec, policy: PageSizePolicy, holder: Record<string, unknown>, prefix: string): CallRefused | null {
  for (const name of SIZE_FIELDS) {
    const refused = sizeRefusal(spec, policy, prefix, name, holder[name]);
    if (refused) return refused;
  }
  for (const name of NUMBER_FIELDS) {
    const refused = numberRefusal(prefix, name, holder[name]);
    if (refused) return refused;
  }
  return null;
}

/** The body of a list call: a JSON object whose paging the row's page-size column allows; null when it passes. */
export function bodyRefusal(spec: EndpointSpec, body: unknown): CallRefused | null {
  const policy = spec.pageSize;
  if (policy === undefined || body === undefined || body === null) return null;
  if (!isRecord(body)) return new CallRefused('BAD_BODY', 'The request body must be a JSON object like {"entity":{},"param":{"pageNum":1,"pageSize":10}}');
  const param = body.param;
  if (param !== undefined && param !== null && !isRecord(param)) {
    return new CallRefused('BAD_BODY', 'param must be an object like {"pageNum":1,"pageSize":10}');
  }
  return (isRecord(param) ? pagingRefusal(spec, policy, param, 'param.') : null) ?? pagingRefusal(spec, policy, body, '');
}

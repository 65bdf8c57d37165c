// What identifies a cached answer and what it can be purged by. The key never holds the signed headers
// (they change on every call); bodies are compared as canonical JSON so key order does not matter.
import { createHash } from 'node:crypto';
import { buildPath, type EndpointSpec } from '../../shared/endpoints.ts';

type Work = { value: unknown } | { text: string } | { leave: object };

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const omitted = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/**
 * JSON with object keys sorted at every depth (arrays keep their order); JSON.stringify's rules
 * otherwise (toJSON, omitted values, a cycle is a TypeError). Iterative, with its own work stack: a
 * body nested thousands of levels deep must cost memory, not the call stack (a RangeError here once
 * left requests unanswered).
 */
export function canonicalJson(value: unknown): string {
  if (value !== null && typeof value === 'object') {
    const known = canonicalOf.get(value);
    if (known !== undefined) return known;
  }
  const out: string[] = [];
  const open = new Set<object>(); // the containers being written: seeing one again is a cycle
  const work: Work[] = [{ value }];
  while (work.length > 0) {
    const item = work.pop()!;
    if ('text' in item) out.push(item.text);
    else if ('leave' in item) open.delete(item.leave);
    else writeValue(item.value, out, open, work);
  }
  return out.join('');
}

/**
 * Canonical forms of frozen request bodies (proxy/fast-hits.ts hands the same frozen object to every
 * request that sent the same bytes): the key of a repeated list call is a lookup, not a walk.
 */
const canonicalOf = new WeakMap<object, string>();

/** Remembers the canonical form of a body nobody can change any more. */
export function rememberCanonical(frozen: object): void {
  if (Object.isFrozen(frozen) && !canonicalOf.has(frozen)) canonicalOf.set(frozen, canonicalJson(frozen));
}

/** Writes a primitive, or schedules a container's parts (pushed in reverse: the stack pops them in order). */
function writeValue(input: unknown, out: string[], open: Set<object>, work: Work[]): void {
  const value = input !== null && typeof input === 'object' && typeof (input as { toJSON?: unknown }).toJSON === 'function'
    ? (input as { toJSON: () => unknown }).toJSON()
    : input;
  if (value === null || typeof value !== 'object') {
    out.push(JSON.stringify(value) ?? 'null');
    return;
  }
  if (open.has(value)) throw new TypeError('Converting circular structure to JSON');
  open.add(value);
  const parts: Work[] = [];
  if (Array.isArray(value)) {
    value.forEach((v: unknown, i) => {
      if (i > 0) parts.push({ text: ',' });
      parts.push(omitted(v) ? { text: 'null' } : { value: v });
    });
    parts.unshift({ text: '[' });
    parts.push({ text: ']' });
  } else {
    parts.push({ text: '{' });
    let first = true;
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (omitted(v)) continue;
      parts.push({ text: `${first ? '' : ','}${JSON.stringify(key)}:` }, { value: v });
      first = false;
    }
    parts.push({ text: '}' });
  }
  work.push({ leave: value });
  for (let i = parts.length - 1; i >= 0; i -= 1) work.push(parts[i]!);
}

export interface CallShape {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
}

/** `METHOD /path?query canonical-body`, e.g. `POST /api/queryArchivesList {"entity":{…},"param":{…}}`. */
export function cacheKey(spec: EndpointSpec, call: CallShape): string {
  const path = buildPath(spec, call.params);
  // The query is the call's own (filtered once where a browser's request became a call: proxy/call.ts).
  const entries = call.query ? Object.entries(call.query) : [];
  const query = entries.length === 0 ? '' : new URLSearchParams(entries.sort(([a], [b]) => (a < b ? -1 : 1))).toString();
  const head = `${spec.method} ${path}${query ? `?${query}` : ''}`;
  return spec.method === 'POST' ? `${head} ${canonicalJson(call.body ?? {})}` : head;
}

/** The path part of a key (what operators purge by prefix). */
export function keyPath(key: string): string {
  const afterMethod = key.slice(key.indexOf(' ') + 1);
  const space = afterMethod.indexOf(' ');
  return space === -1 ? afterMethod : afterMethod.slice(0, space);
}

/** A tag naming one entry, so a page built on it can be purged with it. */
export function entryTag(key: string): string {
  return `entry:${createHash('sha1').update(key).digest('base64url').slice(0, 16)}`;
}

/**
 * Purge handles of one answer: the endpoint name, `channel:<channelNo>` for every channel it lists and
 * `id:<id>` for the record it is about, plus its own entry tag.
 */
export function tagsOf(spec: EndpointSpec, call: CallShape, key: string): string[] {
  const tags = new Set<string>([spec.name]);
  const body = asRecord(call.body);
  const entity = asRecord(body?.entity);
  const searchMap = asRecord(body?.searchMap);
  for (const channel of [call.params?.channelNo, entity?.channelNo, searchMap?.channelNo].flatMap(channelList)) {
    tags.add(`channel:${channel}`);
  }
  const id = call.params?.id ?? body?.questionnaireId ?? entity?.questionnaireId;
  if (typeof id === 'string' || typeof id === 'number') tags.add(`id:${id}`);
  tags.add(entryTag(key));
  return [...tags];
}

function channelList(value: unknown): string[] {
  if (typeof value === 'string') return value.split(',').map((s) => s.trim()).filter(Boolean);
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(channelList);
  return [];
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

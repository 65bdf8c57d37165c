// What identifies a cached answer and what it can be purged by. The key never holds the signed headers
// (they change on every call); bodies are compared as canonical JSON so key order does not matter.
import { createHash } from 'node:crypto';
import { buildPath, type EndpointSpec } from '../../shared/endpoints.ts';

/** JSON with object keys sorted at every depth (arrays keep their order); JSON.stringify's rules otherwise. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return canonicalJson((value as { toJSON: () => unknown }).toJSON());
  if (Array.isArray(value)) {
    return `[${value.map((v) => (v === undefined || typeof v === 'function' || typeof v === 'symbol' ? 'null' : canonicalJson(v))).join(',')}]`;
  }
  const parts: string[] = [];
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    parts.push(`${JSON.stringify(key)}:${canonicalJson(v)}`);
  }
  return `{${parts.join(',')}}`;
}

export interface CallShape {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
}

/** Only the catalogue row's own query names count (and appId is the edge's, so it is left out). */
export function pickQuery(spec: EndpointSpec, query: Record<string, unknown> | undefined): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of spec.query ?? []) {
    const value = query?.[name];
    if (name !== 'appId' && typeof value === 'string') picked[name] = value;
  }
  return picked;
}

/** `METHOD /path?query canonical-body`, e.g. `POST /api/queryArchivesList {"entity":{…},"param":{…}}`. */
export function cacheKey(spec: EndpointSpec, call: CallShape): string {
  const path = buildPath(spec, call.params);
  const picked = spec.query ? Object.entries(pickQuery(spec, call.query)) : [];
  const query = picked.length === 0 ? '' : new URLSearchParams(picked.sort(([a], [b]) => (a < b ? -1 : 1))).toString();
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

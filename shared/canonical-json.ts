// JSON with object keys sorted at every depth: the form request bodies are sent to the content service
// in and the form cache keys are made of, so a key names exactly what was sent and key order does not
// matter. Pure, so the client that sends it and the caches that key by it share one definition.
type Work = { value: unknown } | { text: string } | { leave: object };

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const omitted = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/**
 * JSON with object keys sorted at every depth (arrays keep their order); JSON.stringify's rules
 * otherwise (toJSON, omitted values, a cycle is a TypeError). Bodies are sent in this form and cache
 * keys are made of it, so a key names exactly what was sent and key order does not matter. Iterative,
 * with its own work stack: a body nested thousands of levels deep must cost memory, not the call stack
 * (a RangeError would leave the request unanswered).
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
 * Canonical forms of frozen request bodies (the API proxy hands the same frozen object to every request
 * that sent the same bytes): the key of a repeated list call is a lookup, not a walk.
 */
const canonicalOf = new WeakMap<object, string>();

/** Remembers the canonical form of a body nobody can change any more. */
export function rememberCanonical(frozen: object): void {
  if (Object.isFrozen(frozen) && !canonicalOf.has(frozen)) canonicalOf.set(frozen, canonicalJson(frozen));
}

/** Writes a primitive, or schedules a container's parts (pushed in reverse: the stack pops them in order). */
function writeValue(input: unknown, out: string[], open: Set<object>, work: Work[]): void {
  const value =
    input !== null && typeof input === 'object' && typeof (input as { toJSON?: unknown }).toJSON === 'function'
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

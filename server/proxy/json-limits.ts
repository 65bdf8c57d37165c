// Limits on JSON that callers send. A body of the content API is two or three levels deep
// (`{ entity: {…}, param: {…} }`, a questionnaire's answers one more), so anything much deeper is a
// fault or an attack: the cache key, the write checks and the service would all walk it. The depth
// is counted on the text before JSON.parse ever sees it, in one pass that stops at the first level
// over the limit, so a 40 KB body of `[[[[…` costs microseconds instead of a stack overflow.

/** Deepest nesting of arrays and objects a JSON request body may have. */
export const MAX_JSON_DEPTH = 32;

const OPEN_BRACE = 0x7b; // {
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACE = 0x7d; // }
const CLOSE_BRACKET = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * True when `text` nests `[`/`{` (outside strings) deeper than `limit`. Only nesting is judged; the
 * rest of the syntax is JSON.parse's business, so malformed text under the limit returns false.
 */
export function nestsDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1; // whatever is escaped cannot end the string
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
}

/** The message a caller gets for a body over the limit (also what the tests look for). */
export const tooDeepMessage = (limit: number = MAX_JSON_DEPTH): string => `The request body is nested deeper than ${limit} levels`;

// Record ids are opaque strings (docs/content-service.md, Identifiers): 32 lowercase hex digits on
// deployed services, anything short and URL-safe in general. One pattern for routes, likes,
// questionnaire answers and write rules; an id that fails it never reaches the content service.

/** Letters, digits, `-` and `_`, 1 to 64 characters. */
export const RECORD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A stable order for records of equal rank: ids compared as text (numeric-looking ids numerically). */
export function compareIds(a: string, b: string): number {
  if (/^\d{1,15}$/.test(a) && /^\d{1,15}$/.test(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

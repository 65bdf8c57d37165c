// The request bodies the service accepts, as zod schemas, and one way to turn a failed parse into a
// 400 that names each problem. Clients of this family of services send numbers as strings and
// `null` or '' for "no filter", so the building blocks accept those and normalise them.
import { z } from 'zod';
import type { Paging } from '../db/query.ts';
import { decodeId, ID_TOKEN, type IdKind } from '../wire-ids.ts';
import { badRequest, notFound } from './errors.ts';

/** A whole number, also written as a string of digits. */
const wholeNumber = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+$/, { error: 'must be a whole number' })
        .transform(Number),
    ],
    {
      error: 'must be a whole number',
    },
  )
  .pipe(z.number().int({ error: 'must be a whole number' }).safe());

export const nonNegative = wholeNumber.pipe(z.number().min(0, { error: 'must not be negative' }));

/**
 * A record id as a client sends it: an opaque token of letters, digits, `-` and `_` (32 hex digits
 * from deployed services); a number is taken as its digits. Whether it names a record is the handler's
 * question (an unknown id is a 404, not a 400).
 */
export const idToken = z
  .union([z.string(), z.number().transform(String)], { error: 'must be an id' })
  .pipe(z.string().trim().regex(ID_TOKEN, { error: 'must be an id (letters, digits, - and _)' }));

/** A text filter: a string (or number); null and '' mean "no filter". */
export const textFilter = z
  .union([z.string(), z.number().transform(String)], { error: 'must be a string' })
  .nullish()
  .transform((v) => (v === null || v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A yes/no filter: true/false, 1/0 or their strings; null and '' mean "no filter". */
export const boolFilter = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0', ''])], {
    error: 'must be true or false',
  })
  .nullish()
  .transform((v) => (v === null || v === undefined || v === '' ? undefined : v === true || v === 1 || v === 'true' || v === '1'));

export const languageFilter = z
  .enum(['CN', 'EN', ''], { error: 'must be CN or EN' })
  .nullish()
  .transform((v) => (v ? v : 'CN'));

const pagingShape = {
  pageSize: nonNegative.nullish(),
  pageNum: nonNegative.nullish(),
};

const DEFAULT_PAGE_SIZE = 10;

export const toPaging = (p: { pageSize?: number | null; pageNum?: number | null } | null | undefined): Paging => ({
  pageSize: p?.pageSize ?? DEFAULT_PAGE_SIZE,
  pageNum: p?.pageNum ?? 1,
});

/** `{ entity: {filters}, param: {pageSize, pageNum, extras} }`; unknown keys are allowed and ignored. */
export function listBody<E extends z.ZodRawShape, P extends z.ZodRawShape>(entity: E, param: P = {} as P) {
  const orEmpty = (v: unknown): unknown => v ?? {};
  return z.looseObject(
    {
      entity: z.preprocess(orEmpty, z.looseObject(entity, { error: 'must be an object' })),
      param: z.preprocess(orEmpty, z.looseObject({ ...pagingShape, ...param }, { error: 'must be an object' })),
    },
    { error: 'the body must be a JSON object' },
  );
}

/** Parses `value` or throws a 400 naming every problem, e.g. `param.pageSize: must be a whole number`. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what = 'request body'): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  throw badRequest(`Invalid ${what}: ${problems.join('; ')}`, { problems });
}

/**
 * The record behind a `:id` path parameter: 400 when it is not an id at all, 404 (naming the id and
 * `what`) when it names no record of the kind — the answer for an unknown id either way.
 */
export function pathRecord(kind: IdKind, value: string | undefined, what: string): { n: number; id: string } {
  const id = parseInput(idToken, value ?? '', 'id in the path');
  const n = decodeId(kind, id);
  if (n === null) throw notFound(`No ${what} with id ${id}`);
  return { n, id };
}

// Every failure the service answers on purpose: an HTTP status, the same number as the envelope
// `code`, and a message a person understands. Anything else thrown is a 500 without details.
import { fieldErrorMessage, type FieldError } from '../../shared/validation.ts';

export class CmsError extends Error {
  readonly status: number;
  /** Extra detail for the caller, e.g. the field errors of a form. */
  readonly data: unknown;

  constructor(status: number, message: string, data: unknown = null) {
    super(message);
    this.name = 'CmsError';
    this.status = status;
    this.data = data;
  }
}

export const badRequest = (msg: string, data: unknown = null): CmsError => new CmsError(400, msg, data);
export const notFound = (msg: string): CmsError => new CmsError(404, msg);

/** A 400 for a visitor's form: the message names each field and its problem (zh, then en). */
export function invalidFields(what: string, errors: readonly FieldError[]): CmsError {
  const msg = errors.map((e) => `${e.field}: ${fieldErrorMessage(e, 'zh')} (${fieldErrorMessage(e, 'en')})`).join('; ');
  return badRequest(`Invalid ${what}: ${msg}`, { errors });
}

// How a visitor form words a write that the content service did not take: its own refusal (the
// visitor can correct the input), too many tries, or "try again later".
import type { FormFailure } from '../../shared/message-form.ts';
import type { UpstreamError } from '../upstream/upstream-error.ts';

/**
 * The content service read the write and said no (a 400/422 answer, e.g. a message type its dictionary
 * does not have): the visitor can correct it, so its words are shown. Null for every other failure.
 */
export function serviceRefusal(err: UpstreamError): { status: number; detail: string } | null {
  const status = err.appCode !== undefined && err.appCode >= 400 && err.appCode < 500 ? err.appCode : err.httpStatus;
  if (status !== 400 && status !== 422) return null;
  const detail = (err.serviceMessage ?? err.message).trim().slice(0, 200);
  return { status, detail };
}

/** Why a write failed, as a visitor's form says it: too many tries (429), or try again later (503). */
export function writeFailure(err: UpstreamError): { failure: FormFailure; status: number } {
  const status = err.httpStatus ?? err.appCode;
  return status === 429 ? { failure: 'rate_limited', status: 429 } : { failure: 'upstream', status: 503 };
}

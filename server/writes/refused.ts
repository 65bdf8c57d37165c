// A visitor write the edge itself refused before it left: the client is over its write budget (the
// soft limit of page posts) or the write breaks the rules of server/writes/write-rules.ts. Thrown by the
// page platform's api in place of the write; the actions turn it into their form answer (the input
// kept, "too many tries" or "check the fields") the same way they do a refusal of the service. And how a
// form words a write the content service did not take: its own refusal (the visitor can correct the
// input), too many tries, or "try again later".
import type { FormFailure } from '../../shared/message-form.ts';
import type { EndpointName } from '../../shared/endpoints.ts';
import type { UpstreamError } from '../upstream/upstream-error.ts';

type WriteRefusedCode = 'WRITE_LIMITED' | 'WRITE_INVALID';

export class WriteRefused extends Error {
  readonly code: WriteRefusedCode;
  readonly endpoint: EndpointName;
  /** The answer's status: 429 over the limit, the rule's 4xx otherwise. */
  readonly status: number;
  /** How the visitor's form says it. */
  readonly failure: FormFailure;
  /** Over the limit: seconds until the client may write again. */
  readonly retryAfterS: number | undefined;

  private constructor(code: WriteRefusedCode, endpoint: EndpointName, status: number, message: string, retryAfterS?: number) {
    super(message);
    this.name = 'WriteRefused';
    this.code = code;
    this.endpoint = endpoint;
    this.status = status;
    this.failure = code === 'WRITE_LIMITED' ? 'rate_limited' : 'refused';
    this.retryAfterS = retryAfterS;
  }

  static limited(endpoint: EndpointName, retryAfterS: number): WriteRefused {
    return new WriteRefused('WRITE_LIMITED', endpoint, 429, `write limit reached; retry in ${retryAfterS} s`, retryAfterS);
  }

  static invalid(endpoint: EndpointName, status: number, message: string): WriteRefused {
    return new WriteRefused('WRITE_INVALID', endpoint, status, message);
  }
}

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

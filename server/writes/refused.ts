// A visitor write the edge itself refused before it left: the client is over its write budget (the
// soft limit of page posts) or the write breaks the rules of server/writes/rules.ts. Thrown by the
// page platform's api in place of the write; the actions turn it into their form answer (the input
// kept, "too many tries" or "check the fields") the same way they do a refusal of the service.
import type { FormFailure } from '../../shared/message-form.ts';
import type { EndpointName } from '../../shared/endpoints.ts';

export type WriteRefusedCode = 'WRITE_LIMITED' | 'WRITE_INVALID';

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

// The service's answer read and checked: the body read whole up to a cap, then the `{code,msg,data}`
// envelope — an HTTP error, unreadable bytes or an application code other than 200 become UpstreamErrors.
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import { UpstreamError } from './upstream-error.ts';

export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/** Bigger answers are refused rather than buffered (a list of this size is a fault upstream). */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

const envelopeSchema = z.object({
  code: z.number(),
  msg: z.string().nullish().transform((m) => m ?? ''),
  data: z.unknown(),
});

export async function readCapped(body: Dispatcher.ResponseData['body'], endpoint: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) {
      body.destroy();
      throw new UpstreamError('UPSTREAM_BAD_PAYLOAD', `Invalid answer: larger than ${MAX_ANSWER_BYTES} bytes`, { endpoint });
    }
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

export function checkEnvelope(endpoint: string, httpStatus: number, raw: Buffer): Envelope {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch (cause) {
    if (httpStatus >= 400) {
      throw new UpstreamError('UPSTREAM_HTTP', `Request failed with status code ${httpStatus}`, { endpoint, httpStatus, cause });
    }
    throw new UpstreamError('UPSTREAM_BAD_PAYLOAD', 'Invalid answer: not JSON', { endpoint, httpStatus, cause });
  }
  const parsed = envelopeSchema.safeParse(json);
  if (httpStatus >= 400) {
    const said = parsed.success && parsed.data.msg ? `: ${parsed.data.msg}` : '';
    throw new UpstreamError('UPSTREAM_HTTP', `Request failed with status code ${httpStatus}${said}`, {
      endpoint,
      httpStatus,
      appCode: parsed.success ? parsed.data.code : undefined,
      serviceMessage: parsed.success ? parsed.data.msg : undefined,
    });
  }
  if (!parsed.success) {
    throw new UpstreamError('UPSTREAM_BAD_PAYLOAD', 'Invalid answer: not a {code, msg, data} envelope', { endpoint, httpStatus });
  }
  if (parsed.data.code !== 200) {
    throw new UpstreamError('UPSTREAM_APP', parsed.data.msg || `The content service answered code ${parsed.data.code}`, {
      endpoint,
      httpStatus,
      appCode: parsed.data.code,
      serviceMessage: parsed.data.msg,
    });
  }
  return parsed.data;
}

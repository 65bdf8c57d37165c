// The page platform's gate for a form action's write (server/render/route-handlers.ts calls it before
// the write leaves): the same rules the API proxy applies (server/writes/rules.ts), and the soft write
// limit. A refused write never reaches the service; the action gets a WriteRefused and answers its form
// with the visitor's input kept. The action's own call goes out as it built it (its body is already
// normalised by the same shared rules).
import type { EndpointName } from '../../shared/endpoints.ts';
import type { UpstreamApi, UpstreamCall } from '../upstream/api.ts';
import { WriteRefused } from './refused.ts';
import { checkWrite, type Lang } from './rules.ts';

export interface PageWriteGate {
  /** Set when the client is over the write limit (the soft limit marked the request). */
  limitedForS: number | undefined;
  /** What a rule may read (a questionnaire's questions): the plain api, not the page's recording one. */
  api: UpstreamApi;
  lang: Lang;
}

/** Resolves when the write may leave; throws WriteRefused when it may not. */
export async function admitPageWrite(name: EndpointName, call: UpstreamCall, gate: PageWriteGate): Promise<void> {
  if (gate.limitedForS !== undefined) throw WriteRefused.limited(name, gate.limitedForS);
  const check = await checkWrite(name, call, gate.api, gate.lang);
  if (!check.ok) throw WriteRefused.invalid(name, check.status, check.msg);
}

// What a successful visitor write makes out of date in the upstream cache (and so, by tag, in the page
// cache): the gateway purges these right after the write answered. Likes change an article's counts,
// a message the message list and the visit figures, an answer its questionnaire's results.
import type { EndpointName } from '../../shared/endpoints.ts';
import type { UpstreamCall } from '../upstream/api.ts';

/** Tag sets: an entry goes when it has every tag of one set. */
const AFTER_WRITE: Partial<Record<EndpointName, (call: UpstreamCall) => string[][]>> = {
  addMessage: () => [['queryMessageList'], ['getSiteVisitCount']],
  addQuestionnaireRecord: (call) => [['getQuestionnaireResultInfo', `id:${(call.body as { questionnaireId?: unknown })?.questionnaireId}`]],
  doStarByArcId: (call) => [['queryArchivesById', `id:${call.params?.id}`]],
  cancelStarByActId: (call) => [['queryArchivesById', `id:${call.params?.id}`]],
};

/** The tag sets to purge after `name` wrote `call` (none for a write that changes nothing cached). */
export function staleAfterWrite(name: EndpointName, call: UpstreamCall): string[][] {
  return AFTER_WRITE[name]?.(call) ?? [];
}

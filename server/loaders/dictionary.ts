// Dictionary lookups (`queryDictionaryByCode`): the activity types, the message types and the exhibit
// levels. A screen
// that filters or labels by a dictionary still works without it, so a failed lookup is logged and
// read as an empty dictionary rather than failing the page.
import { UpstreamError } from '../upstream/upstream-error.ts';
import type { DictionaryEntry } from '../../shared/wire.ts';
import type { Lang } from '../../shared/route-table.ts';
import type { LoaderContext } from './types.ts';

export const DICTIONARY = { activityType: 'ACTIVITY_TYPE', messageType: 'MESSAGE_TYPE', exhibitLevel: 'EXHIBIT_LEVEL' } as const;

export async function dictionary(
  ctx: Pick<LoaderContext, 'api' | 'requestId' | 'logger'>,
  code: (typeof DICTIONARY)[keyof typeof DICTIONARY],
): Promise<DictionaryEntry[]> {
  try {
    const { data } = await ctx.api.call<DictionaryEntry[]>('queryDictionaryByCode', {
      query: { dictionaryCode: code },
      requestId: ctx.requestId,
    });
    return Array.isArray(data) ? data.filter((d) => typeof d?.dictionaryValue === 'string' && d.dictionaryValue !== '') : [];
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    ctx.logger.warn({ requestId: ctx.requestId, code, err: err.code }, 'dictionary lookup failed; showing the page without it');
    return [];
  }
}

/** The name of a dictionary value in a language ('' when the value is not in the dictionary). */
export function dictionaryName(entries: readonly DictionaryEntry[], value: string, lang: Lang): string {
  const entry = entries.find((d) => d.dictionaryValue === value);
  if (!entry) return '';
  return (lang === 'en' ? entry.dictionaryNameEn || entry.dictionaryName : entry.dictionaryName) ?? '';
}

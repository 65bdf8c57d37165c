// Dictionary entries (queryDictionaryByCode): names in both languages, stable values.
import type { DictionaryEntry } from '../../../shared/wire.ts';
import { ACTIVITY_STATUSES, ACTIVITY_TYPES, RESERVE_STATUSES, RESERVE_TYPES } from './activities.ts';
import type { Pair } from './bilingual.ts';
import { LEVELS } from './collection.ts';
import { TEMP_CATEGORIES } from './exhibitions.ts';
import type { Counter } from './ids.ts';

export type DemoDictionaryEntry = DictionaryEntry & { dictionaryCode: string; sort: number };

const MESSAGE_TYPE_NAMES: Array<{ value: string; name: Pair }> = [
  { value: 'consult', name: ['咨询', 'Enquiry'] },
  { value: 'suggest', name: ['建议', 'Suggestion'] },
  { value: 'praise', name: ['表扬', 'Praise'] },
  { value: 'complain', name: ['投诉', 'Complaint'] },
];

const indexed = (pairs: Pair[], values?: string[]): Array<{ value: string; name: Pair }> =>
  pairs.map((name, i) => ({ value: values?.[i] ?? String(i), name }));

export const DICTIONARIES: Record<string, Array<{ value: string; name: Pair }>> = {
  ACTIVITY_TYPE: ACTIVITY_TYPES,
  MESSAGE_TYPE: MESSAGE_TYPE_NAMES,
  EXHIBIT_LEVEL: indexed(
    LEVELS.map(([zh, en]) => [`${zh}文物`, en]),
    LEVELS.map(([zh]) => zh),
  ),
  EXHIBITION_CATEGORY: indexed(TEMP_CATEGORIES, TEMP_CATEGORIES.map(([zh]) => zh)),
  RESERVE_TYPE: indexed(RESERVE_TYPES),
  RESERVE_STATUS: indexed(RESERVE_STATUSES),
  ACTIVITY_STATUS: indexed(ACTIVITY_STATUSES),
};

export function dictionaries(ids: Counter): DemoDictionaryEntry[] {
  return Object.entries(DICTIONARIES).flatMap(([code, entries]) =>
    entries.map((e, i) => ({
      dictionaryId: ids.next(),
      dictionaryCode: code,
      dictionaryName: e.name[0],
      dictionaryValue: e.value,
      dictionaryNameEn: e.name[1],
      sort: i + 1,
    })),
  );
}

// Dictionary entries (queryDictionaryByCode): names in both languages. Values are vendor codes
// (`cms1101`, `TRM0301`, …) as on deployed services, not words: records store these codes, and a
// client shows a code through its dictionary entry.
import { ACTIVITY_STATUSES, ACTIVITY_TYPES, RESERVE_STATUSES, RESERVE_TYPES } from './activities.ts';
import type { Pair } from './bilingual.ts';
import { LEVELS } from './collection.ts';
import { TEMP_CATEGORIES } from './exhibitions.ts';
import type { Counter } from './ids.ts';
import { MESSAGE_TYPE_CODES } from './messages.ts';
import type { DemoDictionaryEntry } from './types.ts';

/** The reservation and status dictionaries describe small integers the records hold (0, 1, …). */
const indexed = (pairs: Pair[]): Array<{ value: string; name: Pair }> => pairs.map((name, i) => ({ value: String(i), name }));

const DICTIONARIES: Record<string, Array<{ value: string; name: Pair }>> = {
  ACTIVITY_TYPE: ACTIVITY_TYPES,
  MESSAGE_TYPE: Object.values(MESSAGE_TYPE_CODES),
  EXHIBIT_LEVEL: LEVELS,
  EXHIBITION_CATEGORY: TEMP_CATEGORIES,
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

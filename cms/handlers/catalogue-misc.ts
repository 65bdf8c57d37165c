// The small lookups: files attached to an object, dictionary entries, slider items of a place.
import { z } from 'zod';
import { FILE_CODES, type DictionaryEntry, type FileInfo, type SliderItem } from '../../shared/wire.ts';
import { Where, pagedList, type ListPage } from '../db/query.ts';
import { TABLES, fromRow } from '../db/tables.ts';
import { listBody, parseInput, toPaging } from '../http/input.ts';
import type { HandlerDeps, HandlerGroup } from './types.ts';

const fileRequest = listBody({
  objectId: z
    .union([z.string(), z.number().transform(String)], { error: 'is required: the groupId of the record' })
    .refine((v) => v.trim() !== '', { error: 'is required: the groupId of the record' }),
  code: z.enum([...FILE_CODES, ''], { error: `must be one of ${FILE_CODES.join(', ')}` }).nullish(),
});

const dictionaryQuery = z.looseObject({
  dictionaryCode: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }),
});

export function miscHandlers({ prepare }: HandlerDeps): HandlerGroup<'queryFileList' | 'queryDictionaryByCode' | 'queryGalleryList'> {
  return {
    queryFileList: ({ body }): ListPage<FileInfo> => {
      const { entity, param } = parseInput(fileRequest, body);
      const where = new Where().eq('objectId', entity.objectId.trim()).eq('code', entity.code);
      return pagedList(prepare, 'files', where, 'fileInfoId', toPaging(param), (r) => fromRow<FileInfo>(TABLES.files, r), {
        searchCount: true,
      });
    },
    queryDictionaryByCode: ({ query }): DictionaryEntry[] => {
      const { dictionaryCode } = parseInput(dictionaryQuery, query, 'query string');
      return (
        prepare('SELECT * FROM dictionaries WHERE dictionaryCode = ? ORDER BY sort, dictionaryId').all(dictionaryCode) as Array<
          Record<string, unknown>
        >
      ).map((r) => fromRow<DictionaryEntry>(TABLES.dictionaries, r));
    },
    queryGalleryList: ({ params }): SliderItem[] =>
      (prepare('SELECT * FROM sliders WHERE place = ? ORDER BY sort, id').all(params.path ?? '') as Array<Record<string, unknown>>).map(
        (r) => fromRow<SliderItem>(TABLES.sliders, r),
      ),
  };
}

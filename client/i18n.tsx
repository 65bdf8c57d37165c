// UI strings in components: `const t = useT(); t('pager.prev')`. The language comes from the frame.
import { useCallback } from 'react';
import { t as translate, type UiKey, type Vars } from '../shared/i18n.ts';
import { useLang } from './frame.ts';

export type Translate = (key: UiKey, vars?: Vars) => string;

export function useT(): Translate {
  const lang = useLang();
  return useCallback((key: UiKey, vars?: Vars) => translate(lang, key, vars), [lang]);
}

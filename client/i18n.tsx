// UI strings in components: `const t = useT(); t('pager.prev')`. The translator comes from a context: the
// page's frame gives the whole dictionary of the page's language (client/page-data.ts, on the server), an
// island's root gives the few strings the island took with it (client/islands/root.tsx), so the
// dictionary never travels in an island's script.
import { createContext, useContext } from 'react';
import type { UiKey } from '../shared/i18n.ts';
import type { Vars } from '../shared/fill-vars.ts';

type Translate = (key: UiKey, vars?: Vars) => string;

const TextsContext = createContext<Translate | null>(null);

export const TextsProvider = TextsContext.Provider;

export function useT(): Translate {
  const translate = useContext(TextsContext);
  if (!translate) throw new Error('useT: no texts (render inside the page frame or an island root)');
  return translate;
}

// The fictional museum the demo content is about.
export const MUSEUM = {
  zh: '云溪博物馆',
  en: 'Yunxi Museum',
  /** Its domain in example links (reserved-looking, never a real site). */
  site: 'https://www.example-museum.cn',
} as const;

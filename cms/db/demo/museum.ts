// The fictional museum the demo content is about.
export const MUSEUM = {
  zh: '云溪博物馆',
  en: 'Yunxi Museum',
  /** Its domain in example links (reserved-looking, never a real site). */
  site: 'https://www.example-museum.cn',
  /** Its organisation id on a multi-site service (messages carry it as `orgId`). */
  orgId: '3b7f0c52e9a14d6b8c21f4a07d95e3c6',
} as const;

// Which site's board a visitor message belongs to when the sender does not say: Chinese when the
// text holds a Chinese character, English otherwise.
import { PATTERNS } from '../shared/validation.ts';
import type { SiteLanguage } from '../shared/wire.ts';

export const messageLanguage = (content: string): SiteLanguage => (PATTERNS.chinese.test(content) ? 'CN' : 'EN');

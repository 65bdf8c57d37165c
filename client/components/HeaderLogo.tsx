// The museum's logo (public/logo*.svg): a seal mark and the museum's name. Fixed size, no shift.
import type { Lang } from '../../shared/route-table.ts';

export default function HeaderLogo({ lang, label, light = false }: { lang: Lang; label: string; light?: boolean }) {
  const file = `/logo${lang === 'en' ? '-en' : ''}${light ? '-light' : ''}.svg`;
  return <img className="logo" src={file} alt={label} width={lang === 'en' ? 224 : 198} height={48} />;
}

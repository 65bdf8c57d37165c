// An empty list says so in words rather than showing a blank area (a blank looks like a fault).
import type { ReactNode } from 'react';
import { useT } from '../i18n.tsx';

export default function EmptyState({ children }: { children?: ReactNode }) {
  const t = useT();
  return (
    <div className="empty-state">
      <svg className="empty-state__icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <rect x="8" y="10" width="32" height="28" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M8 30h10l3 4h6l3-4h10" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <p className="empty-state__text">{children ?? t('list.empty')}</p>
    </div>
  );
}

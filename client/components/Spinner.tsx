// A 24 px spinner in #1890ff by default. Size and colour are SVG attributes, not inline
// styles, so a strict style CSP has nothing to block.
import { useT } from '../i18n.tsx';

const SPINNER_SIZE = 24;
const SPINNER_COLOR = '#1890ff';

interface SpinnerProps {
  size?: number;
  color?: string;
  /** Announced to screen readers; default "加载中" / "Loading". */
  label?: string;
}

export default function Spinner({ size = SPINNER_SIZE, color = SPINNER_COLOR, label }: SpinnerProps) {
  const t = useT();
  return (
    <span className="spinner" role="status">
      <svg className="spinner__svg" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="none" stroke={color} strokeOpacity="0.2" strokeWidth="3" />
        <path d="M12 2a10 10 0 0 1 10 10" fill="none" stroke={color} strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="visually-hidden">{label ?? t('state.loading')}</span>
    </span>
  );
}

// Buttons have loading and disabled states that block clicks (no double submissions). A loading
// button keeps its width (the label stays, the spinner overlays it) so nothing jumps.
import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import Spinner from './Spinner.tsx';

interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> {
  variant?: 'primary' | 'default' | 'text';
  loading?: boolean;
  className?: string;
  children: ReactNode;
}

export default function Button({
  variant = 'default',
  loading = false,
  disabled = false,
  type = 'button',
  className,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const blocked = loading || disabled;
  const handle = (event: MouseEvent<HTMLButtonElement>) => {
    if (blocked) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  const classes = ['button', `button--${variant}`, loading ? 'button--loading' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={blocked} aria-busy={loading || undefined} onClick={handle}>
      <span className="button__label">{children}</span>
      {loading && (
        <span className="button__spinner">
          <Spinner size={16} color="currentColor" />
        </span>
      )}
    </button>
  );
}

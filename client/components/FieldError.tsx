// The message next to one input (or one question): its id is what the input's aria-describedby
// names, so a screen reader reads the error with the field.
import { fieldErrorMessage, type FieldError as FieldErrorValue } from '../../shared/validation.ts';
import { useLang } from '../frame.ts';

/** The id of a field's error message, from the field's own id. */
export const errorIdOf = (inputId: string): string => `${inputId}-error`;

/** The aria-describedby value of a field: its hint and, when it has one, its error. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const list = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return list.length > 0 ? list.join(' ') : undefined;
}

export default function FieldError({ inputId, error }: { inputId: string; error: FieldErrorValue | undefined }) {
  const lang = useLang();
  if (!error) return null;
  return (
    <p className="field-error" id={errorIdOf(inputId)}>
      <svg className="field-error__icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path d="M8 4v5M8 11.2v.3" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      {fieldErrorMessage(error, lang)}
    </p>
  );
}

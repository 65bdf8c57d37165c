// The line above a form's button row that says why nothing was sent: fields to correct, an upstream
// failure or too many tries (the input is kept in every case). role="alert" so it is announced.
import type { FormFailure } from '../../shared/message-form.ts';
import { useT } from '../i18n.tsx';

export default function FormNotice({ errors, failure, detail }: { errors: number; failure: FormFailure | undefined; detail?: string }) {
  const t = useT();
  if (!failure && errors === 0) return null;
  const text =
    failure === 'upstream'
      ? t('form.failedUpstream')
      : failure === 'rate_limited'
        ? t('form.rateLimited')
        : failure === 'refused'
          ? t('form.refused', { detail: (detail ?? '').replace(/[。.]+$/, '') })
          : t('form.invalid', { n: errors });
  return (
    <p className={`form-notice form-notice--${failure ? 'failure' : 'invalid'}`} role="alert">
      {text}
    </p>
  );
}

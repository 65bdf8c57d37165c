// The visitor-message form, an island. A real POST form to the board's route action: the edge validates,
// answers 400 with the input kept and the errors shown, or sends and redirects (303) to the thank-you
// notice. Live, the island checks with the same rules before sending and counts the characters as the
// visitor types (useFormGuard). Every field names its hint and error in aria-describedby.
import { useEffect, useRef, useState } from 'react';
import {
  EMPTY_MESSAGE,
  FORM_KEY_FIELD,
  checkMessage,
  errorsByField,
  messageValuesFrom,
  type MessageField,
  type MessageTypeOption,
} from '../../shared/message-form.ts';
import { MESSAGE_LIMITS } from '../../shared/validation.ts';
import type { MessageActionData } from '../../shared/visitor-views.ts';
import type { UiKey } from '../../shared/i18n.ts';
import { useT } from '../i18n.tsx';
import Button from './Button.tsx';
import FieldError, { describedBy, errorIdOf } from './FieldError.tsx';
import FormNotice from './FormNotice.tsx';
import { useFormGuard } from './useFormGuard.ts';

export interface MessageFormProps {
  types: MessageTypeOption[];
  formKey: string;
  rejection: MessageActionData | undefined;
  /** Where the form posts (the board's own path, with `#anchor` so a no-JS answer scrolls back here). */
  action: string;
  /** The thank-you notice after a message was sent (until the visitor tries again). */
  sent: boolean;
}

const idOf = (field: MessageField): string => `msg-${field}`;

const TEXT_FIELDS: Array<{
  field: 'name' | 'phoneNumber' | 'email';
  label: UiKey;
  hint: UiKey;
  type: string;
  autoComplete: string;
  inputMode?: 'tel' | 'email';
}> = [
  { field: 'name', label: 'msg.name', hint: 'msg.nameHint', type: 'text', autoComplete: 'name' },
  { field: 'phoneNumber', label: 'msg.phone', hint: 'msg.phoneHint', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  { field: 'email', label: 'msg.email', hint: 'msg.emailHint', type: 'email', autoComplete: 'email', inputMode: 'email' },
];

const check = (form: HTMLFormElement) => checkMessage(messageValuesFrom(new FormData(form)));

export default function MessageForm({ types, formKey, rejection, action, sent }: MessageFormProps) {
  const t = useT();
  const guard = useFormGuard(rejection, check);
  const byField = errorsByField(guard.errors);
  const values = rejection?.values ?? EMPTY_MESSAGE;
  // Counted per form key: a sent message brings a new key and an empty box (the form remounts), and
  // the count must start again with it rather than keep the last message's length.
  const [typed, setTyped] = useState({ formKey, length: [...values.content.trim()].length });
  const length = typed.formKey === formKey ? typed.length : [...values.content.trim()].length;
  const setLength = (n: number) => setTyped({ formKey, length: n });
  const box = useRef<HTMLTextAreaElement>(null);
  // What the visitor typed before the island woke counts too.
  useEffect(() => {
    if (box.current) setTyped({ formKey, length: [...box.current.value.trim()].length });
  }, [formKey]);
  const chosenType = values.type || types[0]?.value || '';

  return (
    <form
      key={formKey}
      method="post"
      action={action}
      className="message-form"
      noValidate
      onSubmit={guard.onSubmit}
      onChange={guard.onChange}
    >
      <input type="hidden" name={FORM_KEY_FIELD} value={formKey} />
      {sent && !rejection && !guard.retried && (
        <p className="form-notice form-notice--success" role="status">
          {t('msg.sent')}
        </p>
      )}
      <FormNotice errors={guard.errors.length} failure={guard.failure} detail={guard.detail} />
      <p className="form-note">{t('form.requiredNote')}</p>

      <div className="message-form__row">
        {TEXT_FIELDS.map(({ field, label, hint, type, autoComplete, inputMode }) => {
          const id = idOf(field);
          const error = byField[field];
          return (
            <div key={field} className={`form-field${error ? ' form-field--invalid' : ''}`}>
              <label className="form-field__label" htmlFor={id}>
                {t(label)}
              </label>
              <input
                className="form-field__input"
                id={id}
                name={field}
                type={type}
                inputMode={inputMode}
                autoComplete={autoComplete}
                defaultValue={values[field]}
                maxLength={field === 'email' ? MESSAGE_LIMITS.emailMax : 40}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(`${id}-hint`, error && errorIdOf(id))}
              />
              <p className="form-field__hint" id={`${id}-hint`}>
                {t(hint)}
              </p>
              <FieldError inputId={id} error={error} />
            </div>
          );
        })}
      </div>

      <fieldset
        className={`form-field form-choices${byField.type ? ' form-field--invalid' : ''}`}
        role="radiogroup"
        aria-invalid={byField.type ? true : undefined}
        aria-describedby={describedBy(byField.type && errorIdOf(idOf('type')))}
      >
        <legend className="form-field__label">{t('msg.type')}</legend>
        <div className="form-choices__list">
          {types.map((option) => (
            <label key={option.value} className="form-choices__pill">
              <input type="radio" name="type" value={option.value} defaultChecked={option.value === chosenType} />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
        <FieldError inputId={idOf('type')} error={byField.type} />
      </fieldset>

      <div className={`form-field${byField.content ? ' form-field--invalid' : ''}`}>
        <label className="form-field__label" htmlFor={idOf('content')}>
          {t('msg.content')}
          <span className="form-field__required" aria-hidden="true">
            *
          </span>
          <span className="visually-hidden">{t('form.required')}</span>
        </label>
        <textarea
          className="form-field__input form-field__textarea"
          ref={box}
          id={idOf('content')}
          name="content"
          rows={6}
          required
          defaultValue={values.content}
          onInput={(e) => setLength([...e.currentTarget.value.trim()].length)}
          aria-invalid={byField.content ? true : undefined}
          aria-describedby={describedBy(`${idOf('content')}-hint`, byField.content && errorIdOf(idOf('content')))}
        />
        <p className="form-field__hint" id={`${idOf('content')}-hint`}>
          {t('msg.contentHint', { max: MESSAGE_LIMITS.contentMax })}
          <span className={`form-field__count${length > MESSAGE_LIMITS.contentMax ? ' form-field__count--over' : ''}`} aria-hidden="true">
            {length}/{MESSAGE_LIMITS.contentMax}
          </span>
        </p>
        <FieldError inputId={idOf('content')} error={byField.content} />
      </div>

      <div className="form-actions">
        <Button type="submit" variant="primary" loading={guard.sending}>
          {t('msg.submit')}
        </Button>
        <p className="form-actions__note">{t('msg.formNote')}</p>
      </div>
    </form>
  );
}

// Answering a questionnaire, an island: one fieldset per question (radios for single choice, checkboxes
// for multiple, "other" with its text field), required marks, and each question's error under it. A real
// POST form to the route action (works without JavaScript: the edge reads typed "other" text as "other"
// ticked); live, the same rules run in the browser before sending, and typing an "other" text ticks "other".
import type { ChangeEvent } from 'react';
import { errorsByField, FORM_KEY_FIELD } from '../../shared/message-form.ts';
import {
  OTHER_VALUE,
  otherField,
  questionField,
  questionnaireValuesFrom,
  readAnswers,
  type QuestionnaireValues,
} from '../../shared/questionnaire.ts';
import { OTHER_TEXT_MAX } from '../../shared/validation.ts';
import type { QuestionView, QuestionnaireActionData, QuestionnaireData } from '../../shared/visitor-views.ts';
import type { QuestionnaireWithDetails } from '../../shared/wire.ts';
import { useT } from '../i18n.tsx';
import Button from './Button.tsx';
import FieldError, { describedBy, errorIdOf } from './FieldError.tsx';
import FormNotice from './FormNotice.tsx';
import { useFormGuard } from './useFormGuard.ts';

export interface QuestionnaireFormProps {
  questionnaire: QuestionnaireData;
  rejection: QuestionnaireActionData | undefined;
  action: string;
}

/** The loader's view back in the shape the shared rules read. */
function asRules(q: QuestionnaireData): QuestionnaireWithDetails {
  return {
    questionnaireId: q.id,
    title: q.title,
    subTitle: q.subTitle,
    createTime: '',
    startTime: '',
    endTime: '',
    details: q.questions.map((d, i) => ({
      questionnaireDetailId: d.questionId,
      questionId: d.questionId,
      title: d.title,
      isRequired: d.isRequired,
      isSingle: d.isSingle,
      isOther: d.isOther,
      sort: i,
      answers: d.answers.map((a, j) => ({ answerId: a.answerId, title: a.title, sort: j, selectCount: 0, percent: 0 })),
    })),
  };
}

const fieldsetId = (questionId: string): string => `qn-${questionField(questionId)}`;

export default function QuestionnaireForm({ questionnaire, rejection, action }: QuestionnaireFormProps) {
  const t = useT();
  const rules = asRules(questionnaire);
  const guard = useFormGuard(rejection, (form) => readAnswers(rules, questionnaireValuesFrom(new FormData(form))).errors);
  const byField = errorsByField(guard.errors);
  const values = rejection?.values ?? {};

  return (
    <form
      key={questionnaire.formKey}
      method="post"
      action={action}
      className="questionnaire-form"
      noValidate
      onSubmit={guard.onSubmit}
      onChange={guard.onChange}
    >
      <input type="hidden" name={FORM_KEY_FIELD} value={questionnaire.formKey} />
      <p className="form-note">{t('qn.requiredNote')}</p>
      <ol className="questionnaire-form__questions">
        {questionnaire.questions.map((q, index) => (
          <li key={q.questionId} className="question">
            <Question question={q} index={index + 1} values={values} error={byField[questionField(q.questionId)]} />
          </li>
        ))}
      </ol>
      <FormNotice errors={guard.errors.length} failure={guard.failure} detail={guard.detail} />
      <div className="form-actions">
        <Button type="submit" variant="primary" loading={guard.sending}>
          {t('qn.submit')}
        </Button>
      </div>
    </form>
  );
}

interface QuestionProps {
  question: QuestionView;
  index: number;
  values: QuestionnaireValues;
  error: ReturnType<typeof errorsByField>[string];
}

function Question({ question: q, index, values, error }: QuestionProps) {
  const t = useT();
  const name = questionField(q.questionId);
  const id = fieldsetId(q.questionId);
  const chosen = values[name] ?? [];
  const otherText = (values[otherField(q.questionId)] ?? []).join(' ');
  const type = q.isSingle ? 'radio' : 'checkbox';
  const invalid = error ? true : undefined;
  const otherInputId = `${id}-other`;

  // Typing an "other" answer ticks "other" (without JavaScript the edge reads typed text the same way).
  const tickOther = (event: ChangeEvent<HTMLInputElement>) => {
    if (event.currentTarget.value.trim() === '') return;
    const box = event.currentTarget.form?.querySelector<HTMLInputElement>(`input[name="${name}"][value="${OTHER_VALUE}"]`);
    if (box && !box.checked) box.checked = true;
  };

  return (
    <fieldset
      className={`question__fieldset${error ? ' question__fieldset--invalid' : ''}`}
      id={id}
      // A fieldset is a group already; a single choice says it is a radio group.
      role={q.isSingle ? 'radiogroup' : undefined}
      aria-invalid={q.isSingle ? invalid : undefined}
      aria-required={q.isSingle && q.isRequired ? true : undefined}
      aria-describedby={describedBy(error && errorIdOf(id))}
    >
      <legend className="question__title">
        <span className="question__number">{index}.</span>
        {q.title}
        {q.isRequired && (
          <>
            <span className="form-field__required" aria-hidden="true">
              *
            </span>
            <span className="visually-hidden">{t('qn.required')}</span>
          </>
        )}
        <span className="question__kind">{q.isSingle ? t('qn.single') : t('qn.multiple')}</span>
      </legend>
      <div className="question__answers">
        {q.answers.map((a) => (
          <label key={a.answerId} className="choice">
            <input
              className="choice__input"
              type={type}
              name={name}
              value={String(a.answerId)}
              defaultChecked={chosen.includes(String(a.answerId))}
              aria-invalid={!q.isSingle ? invalid : undefined}
            />
            <span className="choice__label">{a.title}</span>
          </label>
        ))}
        {q.isOther && (
          <div className="choice choice--other">
            <label className="choice__main">
              <input
                className="choice__input"
                type={type}
                name={name}
                value={OTHER_VALUE}
                defaultChecked={chosen.includes(OTHER_VALUE)}
                aria-invalid={!q.isSingle ? invalid : undefined}
              />
              <span className="choice__label">{t('qn.other')}</span>
            </label>
            <label className="visually-hidden" htmlFor={otherInputId}>
              {t('qn.otherText')}
            </label>
            <input
              className="form-field__input choice__other"
              id={otherInputId}
              type="text"
              name={otherField(q.questionId)}
              defaultValue={otherText}
              placeholder={t('qn.otherText')}
              maxLength={OTHER_TEXT_MAX}
              onChange={tickOther}
              aria-invalid={error?.code.startsWith('other_text') ? true : undefined}
              aria-describedby={describedBy(error && errorIdOf(id))}
            />
          </div>
        )}
      </div>
      <FieldError inputId={id} error={error} />
    </fieldset>
  );
}

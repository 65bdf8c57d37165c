// A questionnaire's results: responses, then per question each answer's count and percentage as
// text, with a bar that only repeats the number (decorative, an SVG so no inline style is needed
// under the strict CSP), and the latest "other" answers.
import { useT } from '../i18n.tsx';
import { useScreenData } from '../page-data.ts';

export default function QuestionnaireResult() {
  const data = useScreenData('questionnaireResult');
  const t = useT();
  const notice =
    data.notice === 'thanks'
      ? t('qn.thanks')
      : data.notice === 'closed'
        ? t('qn.closedNotice')
        : data.notice === 'upcoming'
          ? t('qn.upcomingNotice', { start: data.start })
          : null;
  return (
    <article className="questionnaire questionnaire--result">
      <header className="questionnaire__head">
        <h1 className="questionnaire__title">{data.title}</h1>
        {data.subTitle && <p className="questionnaire__sub">{data.subTitle}</p>}
        <p className="questionnaire__period">
          {data.period && <span>{t('qn.periodValue', { period: data.period })}</span>}
          <span className="questionnaire__responses">{t('qn.responses', { n: data.responses })}</span>
        </p>
      </header>
      {notice && (
        <p className={`form-notice form-notice--${data.notice === 'thanks' ? 'success' : 'info'}`} role="status">
          {notice}
        </p>
      )}
      <ol className="results">
        {data.questions.map((q, index) => (
          <li key={q.questionId} className="results__question">
            <h2 className="results__title">
              <span className="question__number">{index + 1}.</span>
              {q.title}
              <span className="question__kind">{q.isSingle ? t('qn.single') : t('qn.multiple')}</span>
            </h2>
            <ul className="results__answers">
              {q.answers.map((a) => (
                <li key={a.answerId} className="result">
                  <div className="result__text">
                    <span className="result__label">{a.title}</span>
                    <span className="result__numbers">{t('qn.answerResult', { count: a.count, percent: a.percent })}</span>
                  </div>
                  <svg className="result__bar" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                    <rect className="result__track" x="0" y="0" width="100" height="8" />
                    {a.percent > 0 && <rect className="result__fill" x="0" y="0" width={a.percent} height="8" />}
                  </svg>
                </li>
              ))}
            </ul>
            {q.otherTexts.length > 0 && (
              <div className="results__others">
                <h3 className="results__others-title">{t('qn.otherAnswers')}</h3>
                <ul>
                  {q.otherTexts.map((text, i) => (
                    <li key={i}>{text}</li>
                  ))}
                </ul>
              </div>
            )}
          </li>
        ))}
      </ol>
      <p className="questionnaire__links">
        {data.answerHref && <a href={data.answerHref}>{t('qn.toAnswer')}</a>}
        <a href={data.listHref}>{t('qn.back')}</a>
      </p>
    </article>
  );
}

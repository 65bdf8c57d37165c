// The questionnaires (channel Service/Questionnaire): title, period and whether it is open;
// an open one leads to its answer page, every one to its results.
import EmptyState from '../components/EmptyState.tsx';
import Pager from '../components/Pager.tsx';
import { useT } from '../i18n.tsx';
import { useScreenData } from '../page-data.ts';

const ANCHOR = 'questionnaire-list';

export default function QuestionnaireList() {
  const data = useScreenData('questionnaireList');
  const t = useT();
  return (
    <div className="questionnaire-list" id={ANCHOR}>
      {data.items.length === 0 ? (
        <EmptyState>{t('qn.empty')}</EmptyState>
      ) : (
        <ul className="questionnaire-list__items">
          {data.items.map((q) => (
            <li key={q.id} className={`questionnaire-card questionnaire-card--${q.state}`}>
              <div className="questionnaire-card__body">
                <h2 className="questionnaire-card__title">
                  <a href={q.href}>{q.title}</a>
                </h2>
                {q.subTitle && <p className="questionnaire-card__sub">{q.subTitle}</p>}
                <p className="questionnaire-card__meta">
                  <span className={`status-word status-word--${q.state === 'open' ? 'open' : q.state === 'upcoming' ? 'soon' : 'closed'}`}>
                    {t(`qn.state.${q.state}`)}
                  </span>
                  {q.period && <span className="questionnaire-card__period">{t('qn.periodValue', { period: q.period })}</span>}
                </p>
              </div>
              <div className="questionnaire-card__actions">
                {q.state === 'open' && (
                  <a className="button button--primary" href={q.href}>
                    {t('qn.answer')}
                  </a>
                )}
                <a className="button button--default" href={q.resultsHref}>
                  {t('qn.results')}
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={data.page} pages={data.pages} anchor={ANCHOR} />
    </div>
  );
}

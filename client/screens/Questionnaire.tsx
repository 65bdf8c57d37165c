// Answering one questionnaire (only while it is open; the loader sends other visitors to the results).
import { useActionData, useLocation } from 'react-router';
import type { QuestionnaireActionData } from '../../shared/visitor-views.ts';
import Island from '../islands/Island.tsx';
import { useT } from '../i18n.tsx';
import { useScreenData } from '../page-data.ts';

export default function Questionnaire() {
  const data = useScreenData('questionnaire');
  const rejection = useActionData() as QuestionnaireActionData | undefined;
  const t = useT();
  const { pathname, search } = useLocation();
  return (
    <article className="questionnaire">
      <header className="questionnaire__head">
        <h1 className="questionnaire__title">{data.title}</h1>
        {data.subTitle && <p className="questionnaire__sub">{data.subTitle}</p>}
        {data.period && <p className="questionnaire__period">{t('qn.periodValue', { period: data.period })}</p>}
      </header>
      <Island name="questionnaireForm" props={{ questionnaire: data, rejection, action: `${pathname}${search}` }} />
      <p className="questionnaire__links">
        <a href={data.resultsHref}>{t('qn.results')}</a>
        <a href={data.listHref}>{t('qn.back')}</a>
      </p>
    </article>
  );
}

// Questionnaires through the edge against the real reference service: the list, the answer page in
// `sort` order, answering without JavaScript (results change by exactly one answer), the messages
// per question, closed questionnaires showing results only, and 404 for unknown ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldErrorMessage, type FieldErrorCode } from '../../shared/validation.ts';
import { CLOSED_QUESTIONNAIRE, CLOSED_QUESTIONNAIRE_ROW, OPEN_QUESTIONNAIRE, OPEN_QUESTIONNAIRE_ROW } from './page-fixture.ts';
import { formKeyOf, page, postForm } from '../world/requests.ts';
import { NO_PAGE_CACHE, startWorld, type World } from '../world/world.ts';
import { wireId } from './cms-fixture.ts';

/** Wire ids of the fixture's questions and answers: the form's field names are `q<question id>`, its values answer ids. */
const Q = (n: number): string => `q${wireId('question', n)}`;
const A = (n: number): string => wireId('answer', n);

const LIST = '/Service/Questionnaire';
const OPEN = `${LIST}/${OPEN_QUESTIONNAIRE}`;
const CLOSED = `${LIST}/${CLOSED_QUESTIONNAIRE}`;

let edge: World;
beforeAll(async () => {
  edge = await startWorld({ content: 'pages', env: NO_PAGE_CACHE });
});
afterAll(async () => {
  await edge?.close();
});

/** Answers stored for a questionnaire (by its row number in the service's database). */
const records = (id: number): number =>
  (edge.cms.cms.db.prepare('SELECT COUNT(*) AS n FROM questionnaire_records WHERE questionnaireId = ?').get(id) as { n: number }).n;

/** "满意 … 3 票，60%" → 3, read from the results page as a visitor reads it. */
function votes(html: string, answer: string): number {
  const m = new RegExp(`<span class="result__label">${answer}</span><span class="result__numbers">(\\d+) 票`).exec(html);
  if (!m) throw new Error(`no result line for ${answer}`);
  return Number(m[1]);
}
const responses = (html: string): number => Number(/共 (\d+) 人参与/.exec(html)?.[1] ?? NaN);

async function key(): Promise<string> {
  return formKeyOf((await page(edge.url, OPEN)).html);
}

describe('the list', () => {
  it('shows each questionnaire with its period and state; a closed one leads to its results', async () => {
    const { status, html } = await page(edge.url, LIST);
    expect(status).toBe(200);
    expect(html).toContain('观众满意度调查');
    expect(html).toContain('调查时间：2026-01-01 – 2099-12-31');
    expect(html).toContain(`href="${OPEN}"`);
    expect(html).toMatch(/已结束的问卷[\s\S]*status-word--closed">已结束/);
    expect(html).toContain(`<a href="${CLOSED}/result">已结束的问卷</a>`);
    expect(html).not.toContain('Visitor survey');
  });

  it('lists the English questionnaires on the English site', async () => {
    const { status, html } = await page(edge.url, '/EN_Service/EN_Questionnaire');
    expect(status).toBe(200);
    expect(html).toContain('Visitor survey');
    expect(html).toContain('Take part');
    expect(html).not.toContain('观众满意度调查');
  });
});

describe('the answer page', () => {
  it('shows questions and answers by sort, required marks, radios, checkboxes and "other"', async () => {
    const { status, html } = await page(edge.url, OPEN);
    expect(status).toBe(200);
    expect(html.indexOf('您对展览满意吗？')).toBeLessThan(html.indexOf('您从哪里了解到本馆？'));
    expect(html.indexOf('>网站<')).toBeLessThan(html.indexOf('>微信<'));
    expect(html).toContain(`id="qn-${Q(301)}" role="radiogroup" aria-required="true"`);
    expect(html).toMatch(
      /您对展览满意吗？<span class="form-field__required" aria-hidden="true">\*<\/span><span class="visually-hidden">必答<\/span>/,
    );
    expect(html).toContain(`type="radio" name="${Q(301)}" value="${A(3011)}"`);
    expect(html).toContain(`type="checkbox" name="${Q(302)}" value="${A(3021)}"`);
    expect(html).toContain(`type="checkbox" name="${Q(302)}" value="other"`);
    expect(html).toContain(`type="text" placeholder="请填写其他内容" maxLength="200" name="${Q(302)}_other"`);
  });

  it('records an answer without JavaScript: results change by exactly one answer', async () => {
    const before = await page(edge.url, `${OPEN}/result`);
    const stored = records(OPEN_QUESTIONNAIRE_ROW);
    const res = await postForm(edge.url, OPEN, [
      ['formKey', await key()],
      [Q(301), A(3012)],
      [Q(302), A(3021)],
      [Q(302), 'other'],
      [`${Q(302)}_other`, '朋友推荐'],
    ]);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${OPEN}/result?done=1`);
    expect(records(OPEN_QUESTIONNAIRE_ROW)).toBe(stored + 1);

    const after = await page(edge.url, res.location!);
    expect(after.status).toBe(200);
    expect(after.html).toContain('感谢您的参与！以下是目前的调查结果。');
    expect(responses(after.html)).toBe(responses(before.html) + 1);
    expect(votes(after.html, '一般')).toBe(votes(before.html, '一般') + 1);
    expect(votes(after.html, '满意')).toBe(votes(before.html, '满意'));
    expect(votes(after.html, '网站')).toBe(votes(before.html, '网站') + 1);
    expect(votes(after.html, '微信')).toBe(votes(before.html, '微信'));
    expect(after.html).toContain('<li>朋友推荐</li>');
    // Numbers in text; the bar only repeats them.
    expect(after.html).toMatch(/<svg class="result__bar"[^>]*aria-hidden="true"/);
  });

  it('sends one answer for a double submission of one form', async () => {
    const stored = records(OPEN_QUESTIONNAIRE_ROW);
    const fields: Array<[string, string]> = [
      ['formKey', await key()],
      [Q(301), A(3011)],
    ];
    const answers = await Promise.all([postForm(edge.url, OPEN, fields), postForm(edge.url, OPEN, fields)]);
    expect(answers.map((a) => a.status)).toEqual([303, 303]);
    expect(records(OPEN_QUESTIONNAIRE_ROW)).toBe(stored + 1);
  });

  const invalid: Array<[string, Array<[string, string]>, string, FieldErrorCode]> = [
    ['a required question left out', [[Q(302), A(3021)]], Q(301), 'answer_required'],
    [
      '"other" ticked without its text',
      [
        [Q(301), A(3011)],
        [Q(302), 'other'],
      ],
      Q(302),
      'other_text_required',
    ],
    [
      'two answers to a single-choice question',
      [
        [Q(301), A(3011)],
        [Q(301), A(3012)],
      ],
      Q(301),
      'answer_single',
    ],
    ['an answer that does not exist', [[Q(301), A(9999)]], Q(301), 'answer_unknown'],
    ['an answer of another question', [[Q(301), A(3021)]], Q(301), 'answer_unknown'],
  ];

  it.each(invalid)('%s: 400, the message under the question, the choices kept, nothing stored', async (_n, fields, field, code) => {
    const stored = records(OPEN_QUESTIONNAIRE_ROW);
    const res = await postForm(edge.url, OPEN, [['formKey', await key()], ...fields]);
    expect(res.status).toBe(400);
    expect(res.html).toMatch(new RegExp(`id="qn-${field}"[^>]*aria-describedby="qn-${field}-error"`));
    expect(res.html).toContain(`<p class="field-error" id="qn-${field}-error">`);
    expect(res.html).toContain(fieldErrorMessage({ field, code }, 'zh').replace(/"/g, '&quot;'));
    // Every real choice the visitor made is still ticked (an unknown or foreign answer has no box to tick).
    const unticked = (n: string, v: string) => v === A(9999) || (n === Q(301) && v === A(3021));
    for (const [name, value] of fields.filter(([n, v]) => !unticked(n, v))) {
      expect(res.html).toMatch(
        new RegExp(
          `name="${name}"[^>]*checked=""[^>]*value="${value}"|checked=""[^>]*name="${name}"[^>]*value="${value}"|name="${name}" value="${value}" checked=""`,
        ),
      );
    }
    expect(records(OPEN_QUESTIONNAIRE_ROW)).toBe(stored);
  });
});

describe('closed questionnaires and unknown ids', () => {
  it('sends the answer page of a closed questionnaire to its results, with a notice', async () => {
    const res = await page(edge.url, CLOSED);
    expect(res.status).toBe(302);
    expect(res.location).toBe(`${CLOSED}/result`);
    const results = await page(edge.url, res.location!);
    expect(results.status).toBe(200);
    expect(results.html).toContain('本问卷已结束，以下为调查结果。');
    expect(results.html).not.toContain('<form class="questionnaire-form"');
  });

  it('does not record an answer to a closed questionnaire', async () => {
    const stored = records(CLOSED_QUESTIONNAIRE_ROW);
    const res = await postForm(edge.url, CLOSED, [
      ['formKey', 'k'],
      [Q(321), A(3211)],
    ]);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${CLOSED}/result`);
    expect(records(CLOSED_QUESTIONNAIRE_ROW)).toBe(stored);
  });

  // Unknown ids (well-formed, never issued), an id of another kind (an article's), and no ids at all.
  const unknown = wireId('questionnaire', 999);
  it.each([
    `${LIST}/${unknown}`,
    `${LIST}/${unknown}/result`,
    `${LIST}/${wireId('archives', OPEN_QUESTIONNAIRE_ROW)}`,
    `${LIST}/a.b`,
    `${LIST}/a.b/result`,
  ])('%s is 404', async (path) => {
    const res = await page(edge.url, path);
    expect(res.status).toBe(404);
    expect(res.html).toContain('很抱歉，无法打开您要找的页面！');
  });
});

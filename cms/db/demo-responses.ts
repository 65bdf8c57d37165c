// Demo answers to the demo questionnaires, so a fresh site's results screens show real counts. They
// are stored as ordinary records (the results are computed from them like from any visitor's), drawn
// from a seeded PRNG: the same answers on every machine. Each question gets its own taste (answer
// weights), so the percentages differ from question to question.
import { DEMO_TODAY, randomMoment } from './demo/dates.ts';
import { createRng, type Rng } from './demo/prng.ts';
import type { DemoContent } from './demo/types.ts';
import { answerErrors, type StoredAnswer, type StoredRecord } from './questionnaire-records.ts';

type SeedRecord = StoredRecord;

const OTHER_TEXTS = {
  CN: ['朋友圈', '学校组织', '路过看到', '旅游攻略', '社区宣传栏', '单位工会活动'],
  EN: ['A travel guide', 'My school', 'Walking past', 'A hotel leaflet', 'A podcast'],
} as const;

const weightedPick = (rng: Rng, weights: readonly number[]): number => {
  let r = rng.next() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < weights.length; i += 1) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
};

export function demoQuestionnaireRecords(content: DemoContent, seed = 20_180_501): SeedRecord[] {
  const rng = createRng(seed);
  const records: SeedRecord[] = [];
  for (const q of content.questionnaires) {
    const tastes = new Map(q.details.map((d) => [d.questionId, d.answers.map(() => rng.int(1, 8))]));
    const until = q.endTime && q.endTime.slice(0, 10) < DEMO_TODAY ? q.endTime.slice(0, 10) : DEMO_TODAY;
    const count = rng.int(40, 120);
    for (let i = 0; i < count; i += 1) {
      const answers: StoredAnswer[] = [];
      for (const d of q.details) {
        if (!d.isRequired && rng.chance(0.2)) continue;
        const taste = tastes.get(d.questionId)!;
        const otherText = d.isOther && rng.chance(0.08) ? rng.pick(OTHER_TEXTS[q.languageType]) : undefined;
        let answerIds: number[];
        if (d.isSingle) {
          answerIds = otherText ? [] : [d.answers[weightedPick(rng, taste)]!.answerId];
        } else {
          answerIds = d.answers.filter((_, ai) => rng.chance(taste[ai]! / 10)).map((a) => a.answerId);
          if (answerIds.length === 0 && !otherText) answerIds = [d.answers[weightedPick(rng, taste)]!.answerId];
        }
        answers.push({ questionId: d.questionId, answerIds, ...(otherText ? { otherText } : {}) });
      }
      // The demo must obey the rules visitors obey.
      if (answerErrors(q.details, answers).length > 0) continue;
      records.push({ questionnaireId: q.questionnaireId, createTime: randomMoment(rng, q.startTime.slice(0, 10), until), answers });
    }
  }
  return records;
}

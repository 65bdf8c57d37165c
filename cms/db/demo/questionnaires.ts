// Questionnaires: one open now (until 2030), the others closed; single and multiple choice, "other"
// answers, required and optional questions. `sort` deliberately differs from array order, and the
// counts are zero: the service orders by `sort` and computes counts and percentages itself.
import type { SiteLanguage } from '../../../shared/wire.ts';
import { say, type Pair } from './bilingual.ts';
import type { Counter } from './ids.ts';
import type { Rng } from './prng.ts';
import type { DemoAnswer, DemoQuestion, DemoQuestionnaire } from './types.ts';

interface QuestionPlan {
  title: Pair;
  single: boolean;
  required: boolean;
  other: boolean;
  answers: Pair[];
}

interface QuestionnairePlan {
  title: Pair;
  /** None on some: a missing subtitle is null on the wire. */
  subTitle: Pair | null;
  created: string;
  start: string;
  end: string;
  sites: SiteLanguage[];
  questions: QuestionPlan[];
}

const q = (title: Pair, single: boolean, required: boolean, other: boolean, answers: Pair[]): QuestionPlan => ({
  title,
  single,
  required,
  other,
  answers,
});

const PLANS: QuestionnairePlan[] = [
  {
    title: ['2026年观众满意度调查', 'Visitor Satisfaction Survey 2026'],
    subTitle: [
      '您的意见将帮助我们改进展览与服务，问卷约需3分钟。',
      'Your answers help us improve our exhibitions and services. It takes about three minutes.',
    ],
    created: '2025-12-20 10:00:00',
    start: '2026-01-01 00:00:00',
    end: '2030-12-31 23:59:59',
    sites: ['CN', 'EN'],
    questions: [
      q(['您的年龄段是？', 'How old are you?'], true, true, false, [
        ['18岁以下', 'Under 18'],
        ['18—30岁', '18–30'],
        ['31—45岁', '31–45'],
        ['46—60岁', '46–60'],
        ['60岁以上', 'Over 60'],
      ]),
      q(['这是您第几次来我馆参观？', 'How many times have you visited us?'], true, true, false, [
        ['第一次', 'This is my first visit'],
        ['二至五次', 'Two to five times'],
        ['五次以上', 'More than five times'],
      ]),
      q(
        ['您通过哪些渠道了解到我馆的展览？（可多选）', 'How did you hear about our exhibitions? (choose all that apply)'],
        false,
        true,
        true,
        [
          ['官方网站', 'Our website'],
          ['微信公众号', 'WeChat'],
          ['亲友推荐', 'Friends or family'],
          ['新闻媒体', 'News media'],
          ['短视频平台', 'Short-video apps'],
        ],
      ),
      q(['您最喜欢哪些陈列？（可多选）', 'Which galleries did you enjoy most? (choose all that apply)'], false, false, false, [
        ['青铜器', 'Bronzes'],
        ['瓷器', 'Ceramics'],
        ['书画', 'Painting and calligraphy'],
        ['玉器', 'Jade'],
        ['革命文物', 'Revolutionary history'],
      ]),
      q(['您对讲解服务是否满意？', 'How satisfied were you with our guided tours?'], true, true, false, [
        ['非常满意', 'Very satisfied'],
        ['满意', 'Satisfied'],
        ['一般', 'Neutral'],
        ['不满意', 'Dissatisfied'],
      ]),
      q(['您希望我馆增加哪类活动？', 'Which kind of activity would you like more of?'], true, false, true, [
        ['专家讲座', 'Lectures'],
        ['亲子活动', 'Family activities'],
        ['研学课程', 'Study courses'],
        ['手工体验', 'Workshops'],
      ]),
    ],
  },
  {
    title: ['2024年暑期社教活动反馈问卷', 'Summer Learning Programme Feedback 2024'],
    subTitle: ['感谢您参加暑期社教活动，请告诉我们您的感受。', 'Thank you for joining our summer programme. Tell us what you thought.'],
    created: '2024-06-25 09:30:00',
    start: '2024-07-01 00:00:00',
    end: '2024-09-30 23:59:59',
    sites: ['CN', 'EN'],
    questions: [
      q(['孩子参加了哪些活动？（可多选）', 'Which activities did your child join? (choose all that apply)'], false, true, false, [
        ['小小讲解员', 'Young Guides'],
        ['青铜拓印', 'Bronze rubbing'],
        ['博物馆奇妙夜', 'Night at the Museum'],
        ['考古研学营', 'Archaeology Camp'],
      ]),
      q(['您对活动内容是否满意？', 'How satisfied were you with the content?'], true, true, false, [
        ['非常满意', 'Very satisfied'],
        ['满意', 'Satisfied'],
        ['一般', 'Neutral'],
        ['不满意', 'Dissatisfied'],
      ]),
      q(['您认为活动时长是否合适？', 'Was the length of the activities right?'], true, false, false, [
        ['偏短', 'Too short'],
        ['合适', 'About right'],
        ['偏长', 'Too long'],
      ]),
      q(['您希望明年增加哪些主题？', 'Which themes would you like next year?'], false, false, true, [
        ['青铜器', 'Bronzes'],
        ['陶瓷', 'Ceramics'],
        ['书画', 'Painting'],
        ['非遗手工', 'Heritage crafts'],
      ]),
    ],
  },
  {
    title: ['数字展览体验调查', 'Digital Exhibitions Survey'],
    subTitle: null,
    created: '2025-02-20 15:00:00',
    start: '2025-03-01 00:00:00',
    end: '2025-06-30 23:59:59',
    sites: ['CN'],
    questions: [
      q(['您使用什么设备观看数字展览？', 'Which device do you use?'], true, true, false, [
        ['手机', 'Phone'],
        ['平板电脑', 'Tablet'],
        ['电脑', 'Computer'],
      ]),
      q(['您最看重数字展览的哪些功能？（可多选）', 'Which features matter most? (choose all that apply)'], false, true, true, [
        ['高清图片', 'High-resolution images'],
        ['三维模型', '3D models'],
        ['语音讲解', 'Audio guide'],
        ['互动答题', 'Quizzes'],
      ]),
      q(['您会向朋友推荐我们的数字展览吗？', 'Would you recommend our digital exhibitions?'], true, false, false, [
        ['会', 'Yes'],
        ['不确定', 'Not sure'],
        ['不会', 'No'],
      ]),
    ],
  },
];

interface QuestionnaireIds {
  questionnaires: Counter;
  details: Counter;
  questions: Counter;
  answers: Counter;
}

export function questionnaires(rng: Rng, ids: QuestionnaireIds): DemoQuestionnaire[] {
  const out: DemoQuestionnaire[] = [];
  for (const site of ['CN', 'EN'] as const) {
    for (const plan of PLANS.filter((p) => p.sites.includes(site))) {
      // Stored order is shuffled; `sort` keeps the intended order.
      const details: DemoQuestion[] = plan.questions.map((question, qi) => {
        const answers: DemoAnswer[] = question.answers.map((a, ai) => ({
          answerId: ids.answers.next(),
          title: say(a, site),
          sort: ai + 1,
          selectCount: 0,
          percent: 0,
        }));
        return {
          questionnaireDetailId: ids.details.next(),
          questionId: ids.questions.next(),
          title: say(question.title, site),
          isRequired: question.required,
          isSingle: question.single,
          isOther: question.other,
          sort: qi + 1,
          answers: rotate(rng, answers),
        };
      });
      out.push({
        questionnaireId: ids.questionnaires.next(),
        title: say(plan.title, site),
        subTitle: plan.subTitle ? say(plan.subTitle, site) : null,
        createTime: plan.created,
        startTime: plan.start,
        endTime: plan.end,
        details: rotate(rng, details),
        languageType: site,
      });
    }
  }
  return out;
}

/** A shuffle that never leaves a list of two or more in its original order. */
function rotate<T>(rng: Rng, items: T[]): T[] {
  if (items.length < 2) return items;
  const shuffled = rng.shuffle(items);
  return shuffled.every((x, i) => x === items[i]) ? [...items.slice(1), items[0] as T] : shuffled;
}

// The edge in front of a real reference service for the activity, message and questionnaire tests:
// a fixture whose every record the tests know (12 published messages → 2 board pages, an open, a
// closed and an English questionnaire, activities of two types on both sites), the service on port 0
// with its own database copy, and createApp listening on port 0. Fetches go over real sockets.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { EdgeApp } from '../../server/app.ts';
import type { DemoChannel, DemoContent } from '../../cms/db/demo/types.ts';
import type { Activity, QuestionnaireDetail } from '../../shared/wire.ts';
import type { RunningCms } from './cms-harness.ts';
import { edgeOnContent } from './edge-harness.ts';
import { FIXTURE } from './cms-fixture.ts';

const channel = (channelId: number, channelNo: string, channelName: string, parent: string): DemoChannel => ({
  channelId,
  channelNo,
  channelName,
  parent,
  site: channelNo.startsWith('EN_') ? 'EN' : 'CN',
  linkUrl: '/',
  description: '',
  isVisible: true,
  bannerPhotoPath: '',
  sort: channelId,
  isHome: channelNo === 'Home' || channelNo === 'EN_Home',
});

const activity = (activityId: number, extra: Partial<Activity>): Activity => ({
  activityId,
  groupId: `g-act${activityId}`,
  activityName: `活动${activityId}`,
  activityType: 'lecture',
  activityVenueName: '学术报告厅',
  description: '<p>活动介绍。</p>',
  startTime: '2026-12-05 09:30:00',
  endTime: '2026-12-05 11:00:00',
  reserveStartTime: '2026-11-20 09:00:00',
  reserveEndTime: '2026-12-04 17:00:00',
  reserveType: 1,
  reserveStatus: 1,
  activityStatus: 0,
  minAge: 0,
  maxAge: 0,
  linkUrl: '',
  thumb: '/file/upload/a.jpg',
  appThumb: '',
  label: '',
  languageType: 'CN',
  ...extra,
});

const question = (questionId: number, title: string, flags: Partial<QuestionnaireDetail>, answers: Array<[number, string, number]>): QuestionnaireDetail => ({
  questionnaireDetailId: questionId,
  questionId,
  title,
  isRequired: false,
  isSingle: true,
  isOther: false,
  sort: 1,
  ...flags,
  answers: answers.map(([answerId, t, sort]) => ({ answerId, title: t, sort, selectCount: 0, percent: 0 })),
});

export const OPEN_QUESTIONNAIRE = 31;
export const CLOSED_QUESTIONNAIRE = 32;
export const EN_QUESTIONNAIRE = 33;
export const PUBLISHED_MESSAGES = 12;

export const VISITOR_FIXTURE: DemoContent = {
  ...FIXTURE,
  channels: [
    ...FIXTURE.channels,
    channel(20, 'Service', '参观服务', ''),
    channel(21, 'OpenServies', '开放服务', 'Service'),
    channel(22, 'OpenTime', '开放时间', 'OpenServies'),
    channel(23, 'LeaveWord', '观众留言', 'OpenServies'),
    channel(24, 'Questionnaire', '问卷调查', 'Service'),
    channel(120, 'EN_Service', 'Visit', ''),
    channel(121, 'EN_OpenServies', 'Services', 'EN_Service'),
    channel(123, 'EN_LeaveWord', 'Visitor Messages', 'EN_OpenServies'),
    channel(124, 'EN_Questionnaire', 'Questionnaires', 'EN_Service'),
    channel(114, 'EN_Education', 'Education', ''),
    channel(115, 'EN_Activity', 'Activities', 'EN_Education'),
  ],
  activities: [
    activity(41, { activityName: '青铜器里的中国', activityType: 'lecture', minAge: 12, maxAge: 0, linkUrl: 'https://signup.example-museum.cn/41' }),
    activity(42, {
      activityName: '小小拓片师',
      activityType: 'handcraft',
      startTime: '2026-11-28 14:00:00',
      endTime: '2026-11-28 16:30:00',
      minAge: 6,
      maxAge: 12,
      reserveType: 2,
      reserveStatus: 2,
      activityStatus: 1,
      activityVenueName: '社教活动室',
      description: '第一段。\n第二段 <不是标签> & 符号。',
    }),
    ...[43, 44, 45, 46, 47, 49, 50].map((id, i) => activity(id, { activityName: `周末讲座第${i + 1}讲`, startTime: `2026-10-0${i + 1} 10:00:00`, endTime: `2026-10-0${i + 1} 11:30:00`, activityStatus: 2, reserveStatus: 3 })),
    activity(48, { activityName: 'Bronze Age Family Day', languageType: 'EN', activityVenueName: 'Education Room', reserveType: 0, reserveStatus: 1, activityStatus: 0 }),
  ],
  dictionaries: [
    { dictionaryId: 1, dictionaryCode: 'MESSAGE_TYPE', dictionaryName: '咨询', dictionaryValue: 'consult', dictionaryNameEn: 'Question', sort: 1 },
    { dictionaryId: 2, dictionaryCode: 'MESSAGE_TYPE', dictionaryName: '建议', dictionaryValue: 'suggest', dictionaryNameEn: 'Suggestion', sort: 2 },
    { dictionaryId: 3, dictionaryCode: 'MESSAGE_TYPE', dictionaryName: '表扬', dictionaryValue: 'praise', dictionaryNameEn: 'Praise', sort: 3 },
    { dictionaryId: 4, dictionaryCode: 'MESSAGE_TYPE', dictionaryName: '投诉', dictionaryValue: 'complain', dictionaryNameEn: 'Complaint', sort: 4 },
    { dictionaryId: 11, dictionaryCode: 'ACTIVITY_TYPE', dictionaryName: '公益讲座', dictionaryValue: 'lecture', dictionaryNameEn: 'Lectures', sort: 1 },
    { dictionaryId: 12, dictionaryCode: 'ACTIVITY_TYPE', dictionaryName: '手工体验', dictionaryValue: 'handcraft', dictionaryNameEn: 'Crafts', sort: 2 },
  ],
  messages: [
    ...Array.from({ length: PUBLISHED_MESSAGES }, (_, i) => ({
      messageId: i + 1,
      source: 'web',
      content: `第${i + 1}条留言：请问周一开馆吗？`,
      createTime: `2026-10-${String(i + 10).padStart(2, '0')} 10:00:00`,
      email: 'visitor@example.com',
      name: i % 3 === 0 ? '' : '张三',
      phoneNumber: '13812345678',
      type: 'consult',
      replyMessage: `第${i + 1}条回复：周一闭馆。`,
      replyTime: `2026-10-${String(i + 11).padStart(2, '0')} 09:00:00`,
      isPublished: true,
    })),
    {
      messageId: 99,
      source: 'web',
      content: '未公开的留言',
      createTime: '2026-10-30 10:00:00',
      email: '',
      name: '李四',
      phoneNumber: '',
      type: 'suggest',
      replyMessage: '',
      replyTime: '',
      isPublished: false,
    },
  ],
  questionnaires: [
    {
      questionnaireId: OPEN_QUESTIONNAIRE,
      title: '观众满意度调查',
      subTitle: '您的意见帮助我们改进服务',
      createTime: '2026-01-01 10:00:00',
      startTime: '2026-01-01 00:00:00',
      endTime: '2099-12-31 23:59:59',
      languageType: 'CN',
      details: [
        question(302, '您从哪里了解到本馆？', { isSingle: false, isOther: true, sort: 2 }, [[3022, '微信', 2], [3021, '网站', 1]]),
        question(301, '您对展览满意吗？', { isRequired: true, sort: 1 }, [[3011, '满意', 1], [3012, '一般', 2], [3013, '不满意', 3]]),
      ],
    },
    {
      questionnaireId: CLOSED_QUESTIONNAIRE,
      title: '已结束的问卷',
      subTitle: '',
      createTime: '2019-01-01 10:00:00',
      startTime: '2019-01-01 00:00:00',
      endTime: '2019-02-01 00:00:00',
      languageType: 'CN',
      details: [question(321, '旧问题', { isRequired: true }, [[3211, '是', 1]])],
    },
    {
      questionnaireId: EN_QUESTIONNAIRE,
      title: 'Visitor survey',
      subTitle: '',
      createTime: '2026-01-01 10:00:00',
      startTime: '2026-01-01 00:00:00',
      endTime: '2099-12-31 23:59:59',
      languageType: 'EN',
      details: [question(331, 'Did you enjoy your visit?', { isRequired: true }, [[3311, 'Yes', 1], [3312, 'No', 2]])],
    },
  ],
};

export interface VisitorEdge {
  url: string;
  cms: RunningCms;
  edge: EdgeApp;
  close(): Promise<void>;
}

export async function startVisitorEdge(env: Record<string, string> = {}): Promise<VisitorEdge> {
  const { edge, cms, close } = await edgeOnContent(VISITOR_FIXTURE, { UPSTREAM_TIMEOUT_MS: '3000', ...env });
  const server: Server = await new Promise((resolve) => {
    const s = edge.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cms,
    edge,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      await close();
    },
  };
}

/** A page as a visitor's browser gets it (redirects not followed, so a 303 can be asserted). */
export async function page(base: string, path: string, init: RequestInit = {}): Promise<{ status: number; html: string; location: string | null }> {
  const res = await fetch(`${base}${path}`, { redirect: 'manual', ...init, headers: { accept: 'text/html', ...(init.headers ?? {}) } });
  return { status: res.status, html: await res.text(), location: res.headers.get('location') };
}

/** A plain form POST (application/x-www-form-urlencoded), as a browser without JavaScript sends it. */
export function postForm(base: string, path: string, fields: Array<[string, string]>) {
  return page(base, path, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** The hidden form key of a rendered form. */
export function formKeyOf(html: string): string {
  const m = /name="formKey" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no form key in the page');
  return m[1]!;
}

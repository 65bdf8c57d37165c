// The visitor message board through the edge, against the real reference service: the board, and
// the no-JavaScript form — a valid message stored exactly once, every invalid field named with its
// message and nothing stored, typed input kept (escaped) on every failure, upstream failures too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldErrorMessage, type FieldErrorCode } from '../../shared/validation.ts';
import { PUBLISHED_MESSAGES } from './page-fixture.ts';
import { formKeyOf, page, postForm } from '../world/requests.ts';
import { NO_PAGE_CACHE, startWorld, type StartedEdge, type World } from '../world/world.ts';
import { MESSAGE_TYPE } from './cms-fixture.ts';

/** MESSAGE_TYPE codes of the page fixture beyond cms-fixture's two: 表扬 (praise), 投诉 (complaint). */
const PRAISE = 'cms1103';

const BOARD = '/Service/OpenServies/LeaveWord';
const EN_BOARD = '/EN_Service/EN_OpenServies/EN_LeaveWord';

let edge: World;
beforeAll(async () => {
  edge = await startWorld({ content: 'pages', env: NO_PAGE_CACHE });
});
afterAll(async () => {
  await edge?.close();
});

const stored = (content: string): number =>
  (edge.cms.cms.db.prepare('SELECT COUNT(*) AS n FROM messages WHERE content = ?').get(content) as { n: number }).n;
const allMessages = (): number => (edge.cms.cms.db.prepare('SELECT COUNT(*) AS n FROM messages').get() as { n: number }).n;
const count = (html: string, needle: string): number => html.split(needle).length - 1;

async function freshKey(): Promise<string> {
  return formKeyOf((await page(edge.url, BOARD)).html);
}

describe('the board', () => {
  it('lists published messages with replies, 10 a page, without contact details', async () => {
    const first = await page(edge.url, BOARD);
    expect(first.status).toBe(200);
    expect(count(first.html, '<li class="message">')).toBe(10);
    expect(first.html).toContain('第12条留言：请问周一开馆吗？');
    expect(first.html).toContain('第12条回复：周一闭馆。');
    expect(first.html).toContain('2026-10-21 10:00');
    expect(first.html).toContain('共 12 条留言');
    expect(first.html).toContain('<span class="message__name">游客</span>');
    expect(first.html).not.toContain('未公开的留言');
    expect(first.html).not.toMatch(/138\d{8}|138\*{4}|visitor@example\.com|v\*\*\*@/);
    expect(first.html).toMatch(/<h1[^>]*>观众留言<\/h1>/);
    expect(first.html).toContain('title="第2页"');

    const second = await page(edge.url, `${BOARD}?page=2`);
    expect(count(second.html, '<li class="message">')).toBe(PUBLISHED_MESSAGES - 10);
    expect(second.html).toContain('第1条留言');
  });

  it('offers the form: labelled fields, the MESSAGE_TYPE choices, a form key', async () => {
    const { html } = await page(edge.url, BOARD);
    for (const [id, label] of [
      ['msg-name', '姓名'],
      ['msg-phoneNumber', '手机号码'],
      ['msg-email', '电子邮箱'],
      ['msg-content', '留言内容'],
    ]) {
      expect(html).toMatch(new RegExp(`<label class="form-field__label" for="${id}">${label}`));
    }
    // Exactly the service's MESSAGE_TYPE entries, in its order, by their vendor codes.
    const choices = [...html.matchAll(/<input type="radio" name="type"(?: checked="")? value="([^"]+)"\/><span>([^<]+)<\/span>/g)].map(
      (m) => [m[1], m[2]],
    );
    expect(choices).toEqual([
      [MESSAGE_TYPE.consult, '咨询'],
      [MESSAGE_TYPE.suggest, '建议'],
      [PRAISE, '表扬'],
      ['cms1104', '投诉'],
    ]);
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(formKeyOf(html)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers under a Message segment too, named 观众留言 (Visitor Messages in English)', async () => {
    const zh = await page(edge.url, '/Service/OpenServies/Message');
    expect(zh.status).toBe(200);
    expect(zh.html).toMatch(/<h1[^>]*>观众留言<\/h1>/);
    expect(zh.html).toMatch(/<title>观众留言[^<]*<\/title>/);
    expect(count(zh.html, '<li class="message">')).toBe(10);
    const en = await page(edge.url, '/EN_Service/EN_OpenServies/EN_Message');
    expect(en.status).toBe(200);
    expect(en.html).toMatch(/<h1[^>]*>Visitor Messages<\/h1>/);
  });

  it('speaks English on the English site', async () => {
    const { status, html } = await page(edge.url, EN_BOARD);
    expect(status).toBe(200);
    expect(html).toContain('Leave a message');
    expect(html).toContain('<span>Suggestion</span>');
    expect(html).toContain('Museum reply');
  });

  it('lists each site’s own messages: the English board the English ones', async () => {
    const en = await page(edge.url, EN_BOARD);
    expect(count(en.html, '<li class="message">')).toBe(1);
    expect(en.html).toContain('Is there an audio guide in English?');
    expect(en.html).toContain('Yes, at the front desk.');
    expect(en.html).toContain('1 messages');
    expect(en.html).not.toContain('请问周一开馆吗');
    const zh = await page(edge.url, BOARD);
    expect(zh.html).toContain(`共 ${PUBLISHED_MESSAGES} 条留言`);
    expect(zh.html).not.toContain('audio guide');
  });
});

describe('leaving a message without JavaScript', () => {
  it('stores a valid message exactly once and redirects (303) to the thank-you notice', async () => {
    const content = `希望增加夜场开放 ${Date.now()}`;
    const before = allMessages();
    const res = await postForm(edge.url, BOARD, [
      ['formKey', await freshKey()],
      ['name', '王小明'],
      ['phoneNumber', '13900001111'],
      ['email', 'wang@example.cn'],
      ['type', MESSAGE_TYPE.suggest],
      ['content', content],
    ]);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${BOARD}?sent=1#leave-message`);
    expect(stored(content)).toBe(1);
    expect(allMessages()).toBe(before + 1);
    const row = edge.cms.cms.db.prepare('SELECT * FROM messages WHERE content = ?').get(content) as Record<string, unknown>;
    expect(row).toMatchObject({
      name: '王小明',
      phoneNumber: '13900001111',
      email: 'wang@example.cn',
      type: MESSAGE_TYPE.suggest,
      isPublished: 0,
    });

    const thanks = await page(edge.url, res.location!);
    expect(thanks.html).toContain('感谢您的留言！留言将在本馆回复后与回复一同显示在留言板上。');
    // Not published until the museum replies.
    expect(thanks.html).not.toContain(content);
  });

  it('files a message sent from the English board on the English board, whatever its script', async () => {
    // Written with Chinese characters: the service would guess 中文 from the text alone.
    const content = `Thank you for the 青铜 gallery ${Date.now()}`;
    const res = await postForm(edge.url, EN_BOARD, [
      ['formKey', formKeyOf((await page(edge.url, EN_BOARD)).html)],
      ['content', content],
    ]);
    expect(res.status).toBe(303);
    const row = edge.cms.cms.db.prepare('SELECT languageType FROM messages WHERE content = ?').get(content) as { languageType: string };
    expect(row.languageType).toBe('EN');
    const zh = `中文留言 ${Date.now()}`;
    await postForm(edge.url, BOARD, [
      ['formKey', await freshKey()],
      ['content', zh],
    ]);
    expect(edge.cms.cms.db.prepare('SELECT languageType FROM messages WHERE content = ?').get(zh)).toEqual({ languageType: 'CN' });
  });

  it('sends no type when the form has none (no dictionary, no choices): the service files it under its default', async () => {
    const content = `未选类型 ${Date.now()}`;
    const res = await postForm(edge.url, BOARD, [
      ['formKey', await freshKey()],
      ['content', content],
    ]);
    expect(res.status).toBe(303);
    const row = edge.cms.cms.db.prepare('SELECT type FROM messages WHERE content = ?').get(content) as { type: string };
    // The reference service's default is its dictionary's first entry.
    expect(row.type).toBe(MESSAGE_TYPE.consult);
  });

  it('passes a type it has no word for to the service, which judges it by its dictionary', async () => {
    const before = allMessages();
    const res = await postForm(edge.url, BOARD, [
      ['formKey', await freshKey()],
      ['type', 'cms9999'],
      ['content', '内容'],
    ]);
    expect(res.status).toBe(400);
    // The type field is marked, and the notice carries what the service said; the input is kept.
    expect(res.html).toMatch(new RegExp(`id="msg-type-error">.*?${fieldErrorMessage({ field: 'type', code: 'type_invalid' }, 'zh')}</p>`));
    expect(res.html).toMatch(
      /<p class="form-notice form-notice--failure" role="alert">博物馆未接受此次提交：[^<]*type[^<]*。您填写的内容已保留，请修改后重试。<\/p>/,
    );
    expect(res.html).toMatch(/<textarea[^>]*>内容<\/textarea>/);
    expect(allMessages()).toBe(before);
  });

  it('sends one message for a double submission of one form', async () => {
    const content = `双击只发一次 ${Date.now()}`;
    const fields: Array<[string, string]> = [
      ['formKey', await freshKey()],
      ['content', content],
      ['type', MESSAGE_TYPE.consult],
    ];
    const answers = await Promise.all([postForm(edge.url, BOARD, fields), postForm(edge.url, BOARD, fields)]);
    expect(answers.map((a) => a.status)).toEqual([303, 303]);
    const again = await postForm(edge.url, BOARD, fields);
    expect(again.status).toBe(303);
    expect(stored(content)).toBe(1);
  });

  const invalid: Array<[string, Array<[string, string]>, string, FieldErrorCode]> = [
    ['empty content', [['content', '   ']], 'msg-content', 'content_required'],
    ['content over 500 characters', [['content', '长'.repeat(501)]], 'msg-content', 'content_too_long'],
    ['HTML in the content', [['content', '<script>alert(1)</script>']], 'msg-content', 'content_html'],
    [
      'a name that is not a name',
      [
        ['name', '张'],
        ['content', '内容'],
      ],
      'msg-name',
      'name_invalid',
    ],
    [
      'a wrong mobile number',
      [
        ['phoneNumber', '12345'],
        ['content', '内容'],
      ],
      'msg-phoneNumber',
      'phone_invalid',
    ],
    [
      'a wrong e-mail',
      [
        ['email', 'wang@'],
        ['content', '内容'],
      ],
      'msg-email',
      'email_invalid',
    ],
    [
      'a type that is no dictionary code',
      [
        ['type', 'spam!'],
        ['content', '内容'],
      ],
      'msg-type',
      'type_invalid',
    ],
  ];

  it.each(invalid)('%s: 400, the message next to the field, nothing stored', async (_name, fields, inputId, code) => {
    const before = allMessages();
    const res = await postForm(edge.url, BOARD, [['formKey', await freshKey()], ...fields]);
    expect(res.status).toBe(400);
    const message = fieldErrorMessage({ field: inputId, code }, 'zh');
    expect(res.html).toContain(`<p class="field-error" id="${inputId}-error">`);
    expect(res.html).toMatch(new RegExp(`id="${inputId}-error">.*?${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</p>`));
    if (inputId !== 'msg-type') {
      expect(res.html).toMatch(new RegExp(`id="${inputId}"[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*${inputId}-error"`));
    }
    expect(res.html).toContain('有 1 处需要修改');
    expect(allMessages()).toBe(before);
  });

  it('keeps everything typed, escaped, when the form comes back with errors', async () => {
    const res = await postForm(edge.url, BOARD, [
      ['formKey', await freshKey()],
      ['name', 'O"Brien <i>'],
      ['phoneNumber', '139-0000-1111'],
      ['email', 'a&b@example.cn'],
      ['type', PRAISE],
      ['content', '讲解很好 <b>赞</b> & "谢谢"'],
    ]);
    expect(res.status).toBe(400);
    expect(res.html).toContain('value="O&quot;Brien &lt;i&gt;"');
    expect(res.html).toContain('value="139-0000-1111"');
    expect(res.html).toContain('value="a&amp;b@example.cn"');
    expect(res.html).toMatch(/<textarea[^>]*>讲解很好 &lt;b&gt;赞&lt;\/b&gt; &amp; (&quot;|")谢谢(&quot;|")<\/textarea>/);
    expect(res.html).toMatch(new RegExp(`checked="" value="${PRAISE}"|value="${PRAISE}" checked=""`));
    expect(res.html).not.toContain('<b>赞</b>');
  });

  it('keeps the input and says what to do when the content service fails', async () => {
    const content = `服务故障时保留 ${Date.now()}`;
    const key = await freshKey();
    edge.cms.cms.faults.set({ failRate: 1, failStatus: 503 });
    let res: Awaited<ReturnType<typeof postForm>>;
    try {
      res = await postForm(edge.url, BOARD, [
        ['formKey', key],
        ['name', '赵六'],
        ['content', content],
      ]);
    } finally {
      edge.cms.cms.faults.reset();
    }
    expect(res.status).toBe(503);
    expect(res.html).toContain('提交失败，请稍后重试，您填写的内容已保留。');
    expect(res.html).toContain(`>${content}</textarea>`);
    expect(res.html).toContain('value="赵六"');
    expect(stored(content)).toBe(0);

    // A board that cannot be read still offers the form (503, so no cache keeps it).
    edge.cms.cms.faults.set({ failRate: 1, failStatus: 503 });
    let board: Awaited<ReturnType<typeof page>>;
    try {
      board = await page(edge.url, `${BOARD}?page=7`);
    } finally {
      edge.cms.cms.faults.reset();
    }
    expect(board.status).toBe(503);
    expect(board.html).toContain('留言列表暂时无法加载，请稍后刷新页面；您仍可在下方留言。');
    expect(board.html).toContain('<form class="message-form"');

    // The same form sent again once the service is back goes through, once.
    const retry = await postForm(edge.url, BOARD, [
      ['formKey', key],
      ['name', '赵六'],
      ['content', content],
    ]);
    expect(retry.status).toBe(303);
    expect(stored(content)).toBe(1);
  });
});

describe('the write limit', () => {
  let limited: StartedEdge;
  beforeAll(async () => {
    limited = await edge.startEdge({ RATE_LIMIT_WRITES: '2' });
  });

  it('refuses a client address past its budget with 429 and stores nothing more', async () => {
    const key = formKeyOf((await page(limited.url, BOARD)).html);
    const send = (content: string) =>
      postForm(limited.url, BOARD, [
        ['formKey', key],
        ['content', content],
      ]);
    const count = (): number =>
      (edge.cms.cms.db.prepare("SELECT COUNT(*) AS n FROM messages WHERE content LIKE '限额%'").get() as { n: number }).n;
    expect((await send('限额一')).status).toBe(303);
    expect((await send('限额二')).status).toBe(303);
    const third = await send('限额三');
    // The page comes back (not the API's JSON error) with the notice and the visitor's text kept.
    expect(third.status).toBe(429);
    expect(third.html).toContain('<form class="message-form"');
    expect(third.html).toContain('提交过于频繁，请稍候一分钟再试，您填写的内容已保留。');
    expect(third.html).toContain('限额三');
    expect(count()).toBe(2);
  });
});

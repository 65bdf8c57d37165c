import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, SCHEMA_VERSION } from '../../cms/db/migrations.ts';
import { Where, likeContains, pageWindow } from '../../cms/db/query.ts';
import { firstImage, searchDocs } from '../../cms/db/seed.ts';
import { demoQuestionnaireRecords } from '../../cms/db/demo-responses.ts';
import { createFaults } from '../../cms/faults.ts';
import { validateQuestionnaireRecord } from '../../shared/validation.ts';
import { createHandlers } from '../../cms/handlers/index.ts';
import { maskEmail, maskPhone } from '../../cms/handlers/messages.ts';
import { ENDPOINTS } from '../../shared/endpoints.ts';
import { FIXTURE } from '../integration/cms-fixture.ts';

describe('paging maths', () => {
  it('computes pages, current page and the window; 0/0 is everything', () => {
    expect(pageWindow(25, { pageSize: 10, pageNum: 3 })).toEqual({ pages: 3, current: 3, limit: 10, offset: 20 });
    expect(pageWindow(25, { pageSize: 10, pageNum: 0 })).toEqual({ pages: 3, current: 1, limit: 10, offset: 0 });
    expect(pageWindow(25, { pageSize: 0, pageNum: 0 })).toEqual({ pages: 1, current: 1, limit: -1, offset: 0 });
    expect(pageWindow(0, { pageSize: 0, pageNum: 0 }).pages).toBe(0);
    expect(pageWindow(0, { pageSize: 6, pageNum: 1 }).pages).toBe(0);
  });
});

describe('query building', () => {
  it('skips empty filters and binds every value', () => {
    const w = new Where().eq('a', 'x').eq('b', '').eq('c', undefined).eq('d', false).contains('e', '50%_').in('f', []);
    expect(String(w)).toBe(`WHERE a = ? AND d = ? AND e LIKE ? ESCAPE '\\' AND 0`);
    expect(w.args).toEqual(['x', 0, '%50\\%\\_%']);
    expect(likeContains('a\\b')).toBe('%a\\\\b%');
  });
});

describe('schema migrations', () => {
  it('apply once and are recorded', () => {
    const db = new Database(':memory:');
    expect(migrate(db)).toEqual([SCHEMA_VERSION]);
    expect(migrate(db)).toEqual([]);
    db.close();
  });

  it('the handler table covers the catalogue exactly', () => {
    const db = new Database(':memory:');
    migrate(db);
    const table = createHandlers(db);
    expect(Object.keys(table).sort()).toEqual(ENDPOINTS.map((e) => e.name).sort());
    db.close();
  });
});

describe('seeding helpers', () => {
  it('finds the first image of a body', () => {
    expect(firstImage('<p>x</p><IMG alt="a" src=\'/file/a.jpg\'><img src="/file/b.jpg">')).toBe('/file/a.jpg');
    expect(firstImage('<p>no image</p>')).toBe('');
  });

  it('indexes records that have a portal page and leaves hidden channels out', () => {
    const docs = searchDocs(FIXTURE);
    expect(docs.some((d) => d.channelNo === 'Internal')).toBe(false);
    expect(docs.find((d) => d.type === 'exhibit' && d.id === 1)).toMatchObject({ channelNo: 'PreciousCol', img: '/file/upload/x1.jpg', site: 'CN' });
    expect(docs.find((d) => d.type === 'exhibit' && d.id === 2)?.channelNo).toBe('GMWW');
    expect(docs.find((d) => d.type === 'archives' && d.id === 3)?.content).toBe('双方就青铜文化研究交换了意见；50%_的资料将数字化。');
    expect(docs.find((d) => d.id === 6)?.site).toBe('EN');
  });
});

describe('demo questionnaire answers', () => {
  it('are the same on every run and obey the answering rules', () => {
    const first = demoQuestionnaireRecords(FIXTURE);
    expect(demoQuestionnaireRecords(FIXTURE)).toEqual(first);
    expect(first.length).toBeGreaterThanOrEqual(80);
    for (const r of first) {
      const q = FIXTURE.questionnaires.find((x) => x.questionnaireId === r.questionnaireId)!;
      expect(validateQuestionnaireRecord(q, r)).toEqual([]);
      expect(r.createTime >= q.startTime).toBe(true);
    }
  });
});

describe('masking on the public message board', () => {
  it('hides the middle of phone numbers and the local part of e-mail addresses', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('')).toBe('');
    expect(maskEmail('visitor@example.com')).toBe('v***@example.com');
    expect(maskEmail('')).toBe('');
  });
});

describe('fault knobs', () => {
  it('fail at the set rate using the injected random source, with 503 when no status is set', async () => {
    const draws = [0.1, 0.9, 0.4, 0.6];
    const faults = createFaults({ failRate: 0.5 }, () => draws.shift() ?? 0);
    expect([await faults.apply(), await faults.apply(), await faults.apply(), await faults.apply()]).toEqual([503, null, 503, null]);
    faults.set({ failStatus: 500, failRate: 1 });
    expect(await faults.apply()).toBe(500);
    faults.reset();
    expect(await faults.apply()).toBeNull();
  });

  it('refuse values outside their range', () => {
    expect(() => createFaults({ failRate: -0.1 })).toThrow(/failRate/);
    expect(() => createFaults({ failStatus: 200 })).toThrow(/failStatus/);
    expect(() => createFaults({ latencyMs: -1 })).toThrow(/latencyMs/);
  });
});

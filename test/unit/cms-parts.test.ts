import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../cms/db/migrations.ts';
import { Where, likeContains, pageWindow, pagedList, statements } from '../../cms/db/query.ts';
import { seedContent } from '../../cms/db/seed.ts';
import { demoQuestionnaireRecords } from '../../cms/db/demo-responses.ts';
import { answerErrors } from '../../cms/db/questionnaire-records.ts';
import { TABLES, fromRow } from '../../cms/db/tables.ts';
import { resolveGateways } from '../../cms/gateways.ts';
import { decodeId, encodeId, ID_KINDS, type IdKind } from '../../cms/wire-ids.ts';
import { DEPLOYED_GATEWAYS } from '../../shared/endpoints.ts';
import { createFaults } from '../../cms/faults.ts';
import { createHandlers } from '../../cms/handlers/index.ts';
import { ENDPOINTS } from '../../shared/endpoints.ts';
import { article, FIXTURE, FIXTURE_FILES } from '../integration/cms-fixture.ts';

describe('wire ids', () => {
  it('are 32 lowercase hex digits, one per record and kind, and decode back', () => {
    const kinds = Object.keys(ID_KINDS) as IdKind[];
    const seen = new Set<string>();
    for (const kind of kinds) {
      for (const n of [0, 1, 2, 1001, 2 ** 40]) {
        const id = encodeId(kind, n);
        expect(id).toMatch(/^[0-9a-f]{32}$/);
        expect(decodeId(kind, id)).toBe(n);
        expect(decodeId(kind, id.toUpperCase())).toBe(n);
        seen.add(id);
      }
    }
    expect(seen.size).toBe(kinds.length * 5);
  });

  it('name nothing when of another kind, tampered, made up or not hex', () => {
    const id = encodeId('archives', 7);
    expect(decodeId('exhibit', id)).toBeNull();
    expect(decodeId('archives', `${id.slice(0, 31)}${id[31] === '0' ? '1' : '0'}`)).toBeNull();
    for (const bad of ['0'.repeat(32), 'f'.repeat(32), '7', 7, `${id}0`, id.slice(1), null, undefined, 'g'.repeat(32)]) {
      expect(decodeId('archives', bad)).toBeNull();
    }
    expect(() => encodeId('archives', -1)).toThrow();
    expect(() => encodeId('archives', 1.5)).toThrow();
  });
});

describe('row to wire entity', () => {
  it('encodes ids, restores booleans, sends missing optional values as null and keeps extra fields', () => {
    const row = {
      archivesId: 3,
      channelId: 2,
      subTitle: '',
      source: '新华社',
      isShowTitle: 1,
      parentChannelNo: '',
      updateTime: null,
      languageType: 'CN',
    };
    expect(fromRow(TABLES.archives, row)).toEqual({
      archivesId: encodeId('archives', 3),
      channelId: encodeId('channel', 2),
      subTitle: null,
      source: '新华社',
      isShowTitle: true,
      parentChannelNo: '',
      updateTime: null,
      languageType: 'CN',
    });
    expect(fromRow(TABLES.messages, { messageId: 1, isPublished: 1, orgId: '' })).toEqual({
      messageId: encodeId('message', 1),
      orgId: null,
    });
  });
});

describe('gateway layouts', () => {
  it('nests the other services below the content gateway unless told otherwise', () => {
    expect(resolveGateways()).toEqual({ content: '', file: '/sw-file', search: '/sw-es', report: '/sw-cms-zb' });
    expect(resolveGateways({}, '/japi/sw-cms/')).toEqual({
      content: '/japi/sw-cms',
      file: '/japi/sw-cms/sw-file',
      search: '/japi/sw-cms/sw-es',
      report: '/japi/sw-cms/sw-cms-zb',
    });
    expect(resolveGateways({}, '/p')).toEqual({ content: '/p', file: '/p/sw-file', search: '/p/sw-es', report: '/p/sw-cms-zb' });
    expect(resolveGateways(DEPLOYED_GATEWAYS, '/ignored')).toEqual(DEPLOYED_GATEWAYS);
    expect(resolveGateways({ file: '/files/' })).toEqual({ content: '', file: '/files', search: '/sw-es', report: '/sw-cms-zb' });
    expect(() => resolveGateways({ search: 'no-slash' })).toThrow(/search service/);
  });
});

describe('paging maths', () => {
  it('computes pages, current page and the window; 0/0 is everything', () => {
    expect(pageWindow(25, { pageSize: 10, pageNum: 3 })).toEqual({ pages: 3, current: 3, limit: 10, offset: 20 });
    expect(pageWindow(25, { pageSize: 10, pageNum: 0 })).toEqual({ pages: 3, current: 1, limit: 10, offset: 0 });
    expect(pageWindow(25, { pageSize: 0, pageNum: 0 })).toEqual({ pages: 1, current: 1, limit: -1, offset: 0 });
    expect(pageWindow(0, { pageSize: 0, pageNum: 0 }).pages).toBe(0);
    expect(pageWindow(0, { pageSize: 6, pageNum: 1 }).pages).toBe(0);
  });

  it('answers lists as {records, total, size, current, pages}, with searchCount when asked', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3)');
    const prepare = statements(db);
    const page = pagedList(prepare, 't', new Where(), 'n', { pageSize: 2, pageNum: 2 }, (r) => r.n);
    expect(page).toEqual({ records: [3], total: 3, size: 2, current: 2, pages: 2 });
    expect(Object.keys(page)).toEqual(['records', 'total', 'size', 'current', 'pages']);
    expect(pagedList(prepare, 't', new Where(), 'n', { pageSize: 0, pageNum: 0 }, (r) => r.n, { searchCount: true })).toEqual({
      records: [1, 2, 3],
      total: 3,
      size: 0,
      current: 1,
      pages: 1,
      searchCount: true,
    });
    db.close();
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
    const applied = migrate(db);
    expect(applied.length).toBeGreaterThan(0);
    expect(applied).toEqual(applied.map((_, i) => i + 1));
    expect(db.prepare('SELECT COUNT(*) AS n FROM schema_version').get()).toEqual({ n: applied.length });
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

describe('seeding', () => {
  const seeded = (content = FIXTURE): Database.Database => {
    const db = new Database(':memory:');
    migrate(db);
    seedContent(db, content, Date.now());
    return db;
  };

  it('gives an article without a picture of its own the first image of its body', () => {
    const db = seeded({
      ...FIXTURE,
      articles: [
        ...FIXTURE.articles,
        article(901, 'SNews', '两图', '<p>x</p><IMG alt="a" src=\'YUNXI_BWG/a.jpg\'><img src="YUNXI_BWG/b.jpg">', '2024-01-01 09:00:00'),
        article(902, 'SNews', '无图', '<p>no image</p>', '2024-01-01 09:00:00'),
      ],
    });
    const thumb = (id: number) =>
      (db.prepare('SELECT thumbImg FROM archives WHERE archivesId = ?').get(id) as { thumbImg: string | null }).thumbImg;
    expect(thumb(901)).toBe('YUNXI_BWG/a.jpg');
    expect(thumb(902) ?? '').toBe('');
    db.close();
  });

  it('indexes records that have a portal page and leaves hidden channels out', () => {
    const db = seeded();
    const docs = db.prepare('SELECT * FROM search_docs').all() as Array<Record<string, unknown>>;
    db.close();
    expect(docs.some((d) => d.channelNo === 'Internal')).toBe(false);
    expect(docs.find((d) => d.type === 'exhibit' && d.id === 1)).toMatchObject({
      channelNo: 'PreciousCol',
      img: FIXTURE_FILES.exhibit,
      site: 'CN',
    });
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
      expect(answerErrors(q.details, r.answers)).toEqual([]);
      expect(r.createTime >= q.startTime).toBe(true);
    }
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

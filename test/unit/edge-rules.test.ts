// The live cache-rule layers: API > CACHE_RULES > CACHE_RULES_FILE > CACHE_TTL_S > catalogue default,
// and the rule check that names every bad rule.
import { describe, expect, it } from 'vitest';
import { checkCacheRules, loadConfig } from '../../server/config.ts';
import { createLiveRules } from '../../server/content/lifetimes.ts';

describe('live cache rules', () => {
  it('resolve by layer and say where each lifetime came from', () => {
    const rules = createLiveRules(loadConfig({ CACHE_RULES: 'queryAllChannel=5', CACHE_TTL_S: '7' }).cache);
    const seen: string[] = [];
    rules.onChange((layer) => seen.push(layer));
    expect(rules.ttlFor('queryAllChannel')).toBe(5);
    expect(rules.ttlFor('queryArchivesList')).toBe(7);
    expect(rules.ttlFor('addMessage')).toBe(0);
    rules.setFile({ queryAllChannel: 100, queryExhibitList: 200 });
    expect(rules.ttlFor('queryAllChannel')).toBe(5); // CACHE_RULES wins over the file
    expect(rules.effective().find((r) => r.endpoint === 'queryExhibitList')).toMatchObject({ ttlS: 200, source: 'CACHE_RULES_FILE' });
    rules.setApi({ queryAllChannel: 0 });
    expect(rules.ttlFor('queryAllChannel')).toBe(0);
    expect(rules.effective().find((r) => r.endpoint === 'queryAllChannel')).toMatchObject({ source: 'api', defaultTtlS: 600 });
    expect(rules.effective().find((r) => r.endpoint === 'queryArchivesList')).toMatchObject({ source: 'CACHE_TTL_S' });
    expect(seen).toEqual(['file', 'api']);
  });

  it('check names every bad rule', () => {
    const { problems } = checkCacheRules({
      queryAllChannel: 10,
      nope: 1,
      addMessage: 2,
      queryExhibitList: -3,
      queryArchivesList: '60',
      queryArchivesById: 1e9,
    });
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).toMatch(
      /"nope" is not an endpoint[\s\S]*"addMessage" is a write[\s\S]*"queryExhibitList": -3[\s\S]*"queryArchivesList": "60"[\s\S]*"queryArchivesById": 1000000000/,
    );
    expect(checkCacheRules({ queryAllChannel: null }).problems).toHaveLength(1);
    expect(checkCacheRules({ queryAllChannel: null }, { allowNull: true })).toEqual({ rules: { queryAllChannel: null }, problems: [] });
    expect(checkCacheRules('x').problems).toEqual(['the rules must be a JSON object of endpoint names to whole seconds']);
  });
});

// The one sender's reading of Accept-Encoding (sendPrepared in server/http/prepared.ts): the copy it
// sends, and the table of parsed values it keeps, which stays small whatever values clients send.
import { describe, expect, it } from 'vitest';
import { codingMemoStats, preparedOf } from '../../server/http/prepared.ts';
import { sent } from './fixtures/send-prepared.ts';

const identity = Buffer.from('the page as it is');
const answer = (has: { br: boolean; gzip: boolean }) =>
  preparedOf(
    200,
    [['Content-Type', 'text/plain']],
    '"e1"',
    identity,
    has.gzip ? Buffer.from('gz') : null,
    has.br ? Buffer.from('br') : null,
  );
const BOTH = { br: true, gzip: true };
const chooseCoding = (header: string | undefined, has: { br: boolean; gzip: boolean }) =>
  sent(answer(has), { 'accept-encoding': header }).coding;

describe('the copy sent for an Accept-Encoding', () => {
  it('takes brotli, then gzip, and honours q=0 and *', () => {
    expect(chooseCoding('gzip, deflate, br, zstd', BOTH)).toBe('br');
    expect(chooseCoding('gzip, br;q=0', BOTH)).toBe('gzip');
    expect(chooseCoding('*;q=0', BOTH)).toBe('identity');
    expect(chooseCoding('*', { br: false, gzip: true })).toBe('gzip');
    expect(chooseCoding(undefined, BOTH)).toBe('identity');
    expect(sent(answer(BOTH), { 'accept-encoding': 'gzip' }).body?.toString()).toBe('gz');
    expect(sent(answer(BOTH), {}).body).toBe(identity);
  });

  it('keeps at most 64 short values, whatever length and number of values clients send', () => {
    for (let i = 0; i < 500; i += 1) chooseCoding(`gzip, x-${i}`, BOTH);
    // 8 KiB values, each new, after the short ones: chosen right, never remembered.
    for (let i = 0; i < 500; i += 1) {
      const long = `gzip;q=0.${i % 10}, ${'x'.repeat(8192)}-${i}, br`;
      expect(chooseCoding(long, BOTH)).toBe('br');
    }
    const { entries, chars } = codingMemoStats();
    expect(entries).toBeLessThanOrEqual(64);
    expect(chars).toBeLessThanOrEqual(64 * 128);
  });
});

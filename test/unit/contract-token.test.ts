import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAesEcbCipher } from '../../shared/node/aes-ecb.ts';
import { signToken, tokenKeyProblem, verifyToken } from '../../shared/token.ts';

const KEY = 'abcdefghijklmnopqrstuvwxyz012345';
const NOW = 1_764_000_000_000;

describe('token (the wire contract of every call)', () => {
  it('is six random digits followed by the millisecond clock', () => {
    const cipher = createAesEcbCipher(KEY);
    const plaintext = (random: number) => cipher.decrypt(signToken({ cipher, now: () => NOW, random: () => random }));
    expect(plaintext(0.0421)).toBe(`042100${NOW}`);
    expect(plaintext(0)).toBe(`000000${NOW}`);
    expect(plaintext(0.9999999)).toBe(`999999${NOW}`);
  });

  it('encrypts exactly as crypto-js AES-ECB/PKCS7 with the UTF-8 key would', () => {
    const cipher = createAesEcbCipher(KEY);
    const token = signToken({ cipher, now: () => NOW, random: () => 0.5 });
    // Independent reference: raw node:crypto with the same parameters.
    const ref = createCipheriv('aes-256-ecb', Buffer.from(KEY, 'utf8'), null);
    const expected = Buffer.concat([ref.update(`500000${NOW}`, 'utf8'), ref.final()]).toString('base64');
    expect(token).toBe(expected);
    expect(cipher.decrypt(token)).toBe(`500000${NOW}`);
  });

  it.each([16, 24, 32])('accepts a %i-byte key and rejects other lengths with a clear message', (n) => {
    expect(tokenKeyProblem('k'.repeat(n))).toBeNull();
    expect(tokenKeyProblem('k'.repeat(n + 1))).toMatch(/16, 24 or 32 bytes/);
    expect(() => createAesEcbCipher('short')).toThrow(/TOKEN_KEY must be 16, 24 or 32/);
  });

  it('verifies fresh tokens and names each rejection', () => {
    const cipher = createAesEcbCipher(KEY);
    const deps = { cipher, now: () => NOW };
    const fresh = signToken({ cipher, now: () => NOW - 1000, random: () => 0.1 });
    expect(verifyToken(fresh, deps, 300_000)).toEqual({ ok: true, timestamp: NOW - 1000 });

    expect(verifyToken(undefined, deps, 300_000)).toMatchObject({ ok: false, reason: 'missing' });
    const stale = signToken({ cipher, now: () => NOW - 300_001, random: () => 0.1 });
    expect(verifyToken(stale, deps, 300_000)).toMatchObject({ ok: false, reason: 'stale' });
    const future = signToken({ cipher, now: () => NOW + 400_000, random: () => 0.1 });
    expect(verifyToken(future, deps, 300_000)).toMatchObject({ ok: false, reason: 'stale' });

    const otherKey = createAesEcbCipher('0123456789abcdef0123456789abcdef');
    const forged = signToken({ cipher: otherKey, now: () => NOW, random: () => 0.1 });
    expect(verifyToken(forged, deps, 300_000)).toMatchObject({ ok: false, reason: 'undecryptable' });
    expect(verifyToken('not base64 at all!', deps, 300_000)).toMatchObject({ ok: false, reason: 'undecryptable' });
    expect(verifyToken(cipher.encrypt('hello'), deps, 300_000)).toMatchObject({ ok: false, reason: 'malformed' });
  });
});

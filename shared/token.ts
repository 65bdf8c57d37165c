// The request token of this family of content services (docs/content-service.md, The token):
//   plaintext = six random digits + String(Date.now())
//   cipher    = AES-ECB, PKCS#7, key = UTF-8 bytes of TOKEN_KEY (16/24/32 → AES-128/192/256), base64.
// The block cipher itself is injected (node:crypto on the server and in the service) so this file
// stays free of Node built-ins; the clock and the random source are injected so tests control them.

export interface TokenCipher {
  encrypt(plaintext: string): string;
  /** Returns the plaintext, or throws when the input is not a valid cipher text for the key. */
  decrypt(base64: string): string;
}

interface TokenDeps {
  cipher: TokenCipher;
  now: () => number;
  /** A float in [0, 1), like Math.random. */
  random: () => number;
}

const TOKEN_KEY_LENGTHS = [16, 24, 32] as const;

export function tokenKeyProblem(key: string): string | null {
  const bytes = new TextEncoder().encode(key).length;
  return (TOKEN_KEY_LENGTHS as readonly number[]).includes(bytes)
    ? null
    : `TOKEN_KEY must be 16, 24 or 32 bytes of UTF-8 (AES-128/192/256); it is ${bytes}`;
}

function tokenPlaintext(now: number, random: () => number): string {
  const digits = String(Math.floor(random() * 1_000_000)).padStart(6, '0');
  return `${digits}${now}`;
}

export function signToken(deps: TokenDeps): string {
  return deps.cipher.encrypt(tokenPlaintext(deps.now(), deps.random));
}

type TokenVerdict =
  { ok: true; timestamp: number } | { ok: false; reason: 'missing' | 'undecryptable' | 'malformed' | 'stale'; message: string };

/** Checks a token: decryptable with the key, six digits + a millisecond timestamp, within the skew. */
export function verifyToken(token: string | undefined, deps: { cipher: TokenCipher; now: () => number }, maxSkewMs: number): TokenVerdict {
  if (!token) return { ok: false, reason: 'missing', message: 'Missing token header' };
  let plain: string;
  try {
    plain = deps.cipher.decrypt(token);
  } catch {
    return { ok: false, reason: 'undecryptable', message: 'Invalid token: it cannot be decrypted with this key' };
  }
  const match = /^(\d{6})(\d{10,16})$/.exec(plain);
  if (!match) return { ok: false, reason: 'malformed', message: 'Invalid token: not six digits followed by a timestamp' };
  const timestamp = Number(match[2]);
  const skew = Math.abs(deps.now() - timestamp);
  if (skew > maxSkewMs) {
    return { ok: false, reason: 'stale', message: `Token expired: its time is ${Math.round(skew / 1000)} s away from the server clock` };
  }
  return { ok: true, timestamp };
}

/** Header names as real clients of these services send them (HTTP names are case-insensitive). */
export const TOKEN_HEADER = 'token';
export const APP_ID_HEADER = 'appId';

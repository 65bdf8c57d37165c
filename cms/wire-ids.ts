// Record ids on the wire. Deployed services of this family send 32-character lowercase hex ids, which
// clients treat as opaque; the reference service keeps SQLite INTEGER keys and maps them at its edge
// with a bijection: AES-128-ECB of one 16-byte block holding a magic, a per-kind tag and the integer. The
// result looks as opaque as a real service's ids, never repeats across kinds, and decodes without a
// lookup table. An id of another kind, a tampered one or a made-up one fails the magic/tag check
// and is answered like any unknown id.
import { createCipheriv, createDecipheriv, type Cipher, type Decipher } from 'node:crypto';

/** Every kind of record whose id travels on the wire. */
export const ID_KINDS = {
  archives: 0x01,
  channel: 0x02,
  exhibitionTemp: 0x03,
  exhibitionBase: 0x04,
  file: 0x05,
  exhibit: 0x06,
  exhibitType: 0x07,
  activity: 0x08,
  message: 0x09,
  dictionary: 0x0a,
  questionnaire: 0x0b,
  questionnaireDetail: 0x0c,
  question: 0x0d,
  answer: 0x0e,
  slider: 0x0f,
  questionnaireRecord: 0x10,
} as const;

export type IdKind = keyof typeof ID_KINDS;

/**
 * Fixed, not secret: it only makes ids look like a real service's. Changing it changes every id on
 * the wire (nothing stored depends on it), so it stays put.
 */
const KEY = Buffer.from('5d0c9e71a3b84f26e1f04a9b7c3d2e58', 'hex');
const MAGIC = 0x59584944; // "YXID"
const HEX_ID = /^[0-9a-fA-F]{32}$/;

// ECB without padding turns each 16-byte update into 16 bytes at once, so one cipher object per
// direction serves every call (no per-id set-up cost on large lists).
let encrypter: Cipher | null = null;
let decrypter: Decipher | null = null;

function encryptBlock(block: Buffer): Buffer {
  encrypter ??= createCipheriv('aes-128-ecb', KEY, null).setAutoPadding(false);
  return encrypter.update(block);
}

function decryptBlock(block: Buffer): Buffer {
  decrypter ??= createDecipheriv('aes-128-ecb', KEY, null).setAutoPadding(false);
  return decrypter.update(block);
}

/** The wire id of record `n` of a kind: 32 lowercase hex digits. */
export function encodeId(kind: IdKind, n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a record id: ${n} (${kind})`);
  const block = Buffer.alloc(16);
  block.writeUInt32BE(MAGIC, 0);
  block.writeUInt16BE(ID_KINDS[kind], 4);
  block.writeBigUInt64BE(BigInt(n), 8);
  return encryptBlock(block).toString('hex');
}

/** The record number behind a wire id of a kind; null for anything else (another kind, not an id). */
export function decodeId(kind: IdKind, id: unknown): number | null {
  if (typeof id !== 'string' || !HEX_ID.test(id)) return null;
  const block = decryptBlock(Buffer.from(id, 'hex'));
  if (block.readUInt32BE(0) !== MAGIC || block.readUInt16BE(4) !== ID_KINDS[kind] || block.readUInt16BE(6) !== 0) return null;
  const n = block.readBigUInt64BE(8);
  return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : null;
}

/** An id on the wire is a short token of letters, digits, `-` and `_`; anything else is a bad request. */
export const ID_TOKEN = /^[A-Za-z0-9_-]{1,64}$/;
